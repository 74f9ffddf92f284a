import { spawn } from "node:child_process";
import pg from "pg";
import { HopError } from "../errors";
import { setLowPriority } from "../threads";
import { contentsOf, type Contents } from "./count-rows";

// PostgreSQL's own tools do PostgreSQL's backups: pg_dump reads one consistent snapshot while
// the servers keep writing, pg_restore loads it in one transaction. They come with the client
// package of the server's major version or newer (Debian: postgresql-client-<version>).

/** libpq refuses parameters it does not know; Prisma's own (schema, connection_limit …) are dropped. */
export function libpqUrl(url: string): string {
  const parsed = new URL(url);
  for (const name of ["schema", "connection_limit", "pool_timeout", "pgbouncer", "statement_cache_size", "socket_timeout"]) parsed.searchParams.delete(name);
  return parsed.toString();
}

/**
 * Runs pg_dump or pg_restore against `url`; its stderr is the error when it fails. The password
 * goes in the child's environment (PGPASSWORD), not its arguments, which anyone on the machine
 * can read with `ps`.
 */
export function runPgTool(tool: "pg_dump" | "pg_restore", url: string, args: string[]): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = "";
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, PGCONNECT_TIMEOUT: "10", ...(password ? { PGPASSWORD: password } : {}) };
    const child = spawn(tool, [...args, "--dbname", target.toString()], { stdio: ["ignore", "ignore", "pipe"], env });
    // Below the server's own priority, as its pool threads are (lib/threads.ts): visitors first.
    if (child.pid) setLowPriority(child.pid);
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4_000)));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(new HopError("invalid_request", { message: error.code === "ENOENT" ? `${tool} is not installed (the PostgreSQL client tools of your server's version, e.g. apt-get install postgresql-client).` : `${tool}: ${error.message}` })),
    );
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new HopError("invalid_request", { message: `${tool} failed (exit ${code}): ${stderr.trim()}` }))));
  });
}

/**
 * pg_dump of the database into `file` (custom format), and its contents counted in the very
 * snapshot pg_dump copies: a transaction exports its snapshot and pg_dump is given it.
 */
export async function dumpPostgres(url: string, file: string): Promise<Contents> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const snapshot = String((await client.query("SELECT pg_export_snapshot() AS id")).rows[0].id);
    const contents = await contentsOf(async (sql) => (await client.query(sql)).rows);
    await runPgTool("pg_dump", url, ["--format=custom", "--no-owner", "--no-privileges", `--snapshot=${snapshot}`, "--file", file]);
    await client.query("COMMIT");
    return contents;
  } finally {
    await client.end();
  }
}
