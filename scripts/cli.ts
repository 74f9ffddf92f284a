// `npm run cli -- <command>`: JSON on stdout; a clear message on stderr and exit code 1 on failure.
// With a server running on this DATA_DIR the command runs inside that server (PGlite allows one
// process, and the server's caches see the change at once); otherwise this process opens the
// database itself.
// First: .env files and the configuration, checked before any module reads it.
import "../lib/server/load-env";
import { runningServer, sendToRunningServer } from "../lib/cli/admin";
import { parseArgv, runCommand, runRestore, withAbsolutePaths } from "../lib/cli/commands";
import { closeDb, db } from "../lib/db/open";
import { isHopError } from "../lib/errors";
import { relayFlushed, startInvalidationRelay, stopInvalidationRelay } from "../lib/cache/redis-relay";
import { closeRedis } from "../lib/redis/client";
import { createInterface } from "node:readline";
import { z } from "zod";

function fail(body: unknown): void {
  const message = (body as { error?: { message?: string } | string })?.error;
  const text = typeof message === "string" ? message : message?.message ?? JSON.stringify(body);
  process.stderr.write(`error: ${text}\n`);
  process.exitCode = 1;
}

function print(result: unknown): void {
  process.stdout.write(JSON.stringify(result, (_k, v) => (typeof v === "bigint" ? Number(v) : v), 2) + "\n");
}

/** One command of a batch: its result, or its error as the API would answer it. */
async function runOne(argv: string[]): Promise<{ result: unknown } | { error: unknown }> {
  try {
    parseArgv(argv);
    if (argv[0] === "restore" || argv[0] === "cache") return { error: { message: `${argv[0]} is not run in a batch.` } };
    const remote = await sendToRunningServer(argv);
    if (remote) return remote.status === 200 ? { result: remote.body.result } : { error: (remote.body as { error?: unknown }).error ?? remote.body };
    const result = await runCommand(await db(), argv);
    await relayFlushed();
    return { result };
  } catch (error) {
    if (isHopError(error)) return { error: (error.toBody() as { error?: unknown }).error ?? error.toBody() };
    return { error: { message: error instanceof Error ? error.message : String(error) } };
  }
}

/**
 * `npm run cli -- batch`: one command per line of stdin, each a JSON array of its words
 * (`["account","create","--email","a@example.com"]`), answered in order by one line of JSON,
 * `{"result":…}` or `{"error":…}`, from one process: a script that makes a thousand accounts
 * opens the database once, not a thousand times.
 */
async function batch(): Promise<void> {
  await startInvalidationRelay();
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    let argv: string[];
    try {
      argv = z.array(z.string().max(10_000)).max(100).parse(JSON.parse(line));
    } catch {
      process.stdout.write(JSON.stringify({ error: { message: "Each line is a JSON array of the command's words." } }) + "\n");
      continue;
    }
    const answer = await runOne(withAbsolutePaths(argv));
    process.stdout.write(JSON.stringify(answer, (_k, v) => (typeof v === "bigint" ? Number(v) : v)) + "\n");
  }
}

async function main(): Promise<void> {
  process.env.HOP_LOG ??= "silent"; // stdout is the command's JSON; failures are reported on stderr below
  const argv = withAbsolutePaths(process.argv.slice(2));
  try {
    if (argv[0] === "batch" && argv.length === 1) return await batch();
    parseArgv(argv);
    if (argv[0] === "restore") {
      const server = runningServer();
      if (server) return fail({ error: { message: `A Hop server (pid ${server.pid}) is running on this DATA_DIR; stop it first: restore replaces its database.` } });
      return print(await runRestore(argv));
    }
    // A running server gets the command even on PostgreSQL, so its caches see the change at once.
    const remote = await sendToRunningServer(argv);
    if (remote) {
      if (remote.status !== 200) return fail(remote.body);
      process.stdout.write(JSON.stringify(remote.body.result, null, 2) + "\n");
      return;
    }
    if (argv[0] === "cache") return fail({ error: { message: "cache stats reads a running server's caches; no server runs on this DATA_DIR." } });
    await startInvalidationRelay(); // with Redis, running servers drop what this command changes
    const result = await runCommand(await db(), argv);
    await relayFlushed();
    print(result);
  } catch (error) {
    if (isHopError(error)) return fail(error.toBody());
    fail({ error: { message: error instanceof Error ? error.message : String(error) } });
  } finally {
    await closeDb();
    await stopInvalidationRelay();
    await closeRedis();
  }
}

await main();
