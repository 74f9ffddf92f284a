// Starts the built Hop the ordinary Next way — `next start`, no server.ts — on a free loopback port
// with its own database, as hop-server.ts does for server.ts: a fresh DATA_DIR (PGlite) or a
// fresh PostgreSQL database from DATABASE_URL, and with REDIS_URL a fresh key prefix. proxy.ts is
// then the visitor entry point and instrumentation.ts starts the services.
//
// There is no admin endpoint in this mode (it is server.ts's), so accounts are made with the CLI
// before Next starts (`before`), on the same database.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestAccount } from "./http";
import { seedDataDir } from "./db-template";
import { cli, freshDatabase, noteStart, ROOT, SERVER_LOG, serverHandle, TEST_SERVER_DEFAULTS, testServerNodeArgs, usingPostgres, type HopServer } from "./hop-server";
import { freePort } from "./own-services";

export interface NextStartOptions {
  env?: Record<string, string>;
  /** Runs on the fresh database before Next starts (the CLI may open it then). */
  before?: (env: Record<string, string>) => Promise<void>;
  /** Start again on a stopped instance's database (stop it first with keepData). */
  reuse?: HopServer;
  /** A second instance on another's database (PostgreSQL). */
  shareWith?: HopServer;
  redisPrefix?: string;
}


async function untilHealthy(url: string, exited: () => string | null): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const failure = exited();
    if (failure) throw new Error(failure);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("next start did not answer in 90 s");
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function startNextStart(options: NextStartOptions = {}): Promise<HopServer> {
  let env: Record<string, string>;
  let cleanups: Array<() => Promise<void> | void> = [];
  if (options.reuse) {
    env = { ...options.reuse.env, ...options.env };
    cleanups = options.reuse.cleanups;
  } else if (options.shareWith) {
    env = { ...options.shareWith.env, ...options.env };
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), "hop-next-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    if (!usingPostgres) seedDataDir(dataDir);
    // APP_URL pins the app host (and so the primary domain) to the address the other visitor tests
    // use; without it, it would follow the port Next listens on.
    env = { ...TEST_SERVER_DEFAULTS, DATA_DIR: dataDir, HOP_REDIS_PREFIX: options.redisPrefix ?? `hoptest:${randomBytes(6).toString("hex")}`, APP_URL: "http://localhost:3000" };
    if (usingPostgres) {
      const database = await freshDatabase();
      env.DATABASE_URL = database.url;
      cleanups.push(database.drop);
    }
    env = { ...env, ...options.env };
    await options.before?.(env);
  }
  const port = await freePort();
  noteStart(options.reuse ? "next start, restart" : "next start");
  const child = spawn(process.execPath, [...testServerNodeArgs(), "node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: ROOT,
    // Next leaves SIGTERM to Hop (lib/server/next-shutdown.ts); an empty NEXT_MANUAL_SIG_HANDLE in
    // the test's environment runs Next's own handler and the exit hook instead.
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", NEXT_MANUAL_SIG_HANDLE: process.env.NEXT_MANUAL_SIG_HANDLE ?? "1", ...SERVER_LOG, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  try {
    await untilHealthy(url, () => (child.exitCode !== null ? `next start exited with ${child.exitCode}:\n${output}` : null));
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  const metricsPort = /Hop metrics on \S+ port (\d+)/.exec(output)?.[1];
  return { app: "next start", ...serverHandle({ url, port, ...(metricsPort ? { metricsPort: Number(metricsPort) } : {}), env, child, logs: () => output, cleanups, graceMs: 15_000, ownsData: !options.shareWith }) };
}

/** An account with one key, made with the real CLI on a database no server holds (see `before`). */
export async function createAccountWithCli(env: Record<string, string>, options: { plan?: string } = {}): Promise<TestAccount> {
  const email = `t-${randomBytes(5).toString("hex")}@example.test`;
  const run = async (...argv: string[]) => {
    const result = await cli({ env }, ...argv);
    if (result.code !== 0) throw new Error(`cli ${argv.join(" ")} failed: ${result.stderr}`);
    return JSON.parse(result.stdout) as Record<string, unknown>;
  };
  const account = await run("account", "create", "--email", email, "--plan", options.plan ?? "growth");
  const key = await run("key", "create", "--email", email, "--role", "full");
  return { id: String(account.id), email, key: String(key.key), keyId: String(key.id) };
}
