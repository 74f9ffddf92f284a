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

function fail(body: unknown): void {
  const message = (body as { error?: { message?: string } | string })?.error;
  const text = typeof message === "string" ? message : message?.message ?? JSON.stringify(body);
  process.stderr.write(`error: ${text}\n`);
  process.exitCode = 1;
}

function print(result: unknown): void {
  process.stdout.write(JSON.stringify(result, (_k, v) => (typeof v === "bigint" ? Number(v) : v), 2) + "\n");
}

async function main(): Promise<void> {
  process.env.HOP_LOG ??= "silent"; // stdout is the command's JSON; failures are reported on stderr below
  const argv = withAbsolutePaths(process.argv.slice(2));
  try {
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
