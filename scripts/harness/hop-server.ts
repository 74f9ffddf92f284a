// Starts the built Hop server on a free loopback port with its own database: a fresh DATA_DIR
// (embedded) or, when DATABASE_URL is set, a fresh PostgreSQL database made from it; with
// REDIS_URL, a fresh key prefix (pass `redisPrefix` to make instances share one).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { serverArgsFor } from "../server-command.mjs";
import { createDatabaseSql, seedDataDir } from "./db-template";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
export const usingPostgres = Boolean(process.env.DATABASE_URL);
export const usingRedis = Boolean(process.env.REDIS_URL);
// Generous: a loaded 2-core machine has taken over a minute to start a server.
const START_LIMIT_MS = 120_000;

/**
 * Node options for the servers (and CLI runs) a test run starts (scripts/test.mjs sets them; the
 * bench does not).
 * `--liftoff-only`: PGlite's WebAssembly runs on V8's baseline compiler, never optimized in the
 * background — a test server lives seconds, and the optimizing compiles cost more CPU than they win
 * back (docs/testing.md).
 */
export function testServerNodeArgs(): string[] {
  return process.env.HOP_TEST_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
}

/**
 * `HOP_TEST_START_LOG=/tmp/starts.tsv npm test` appends a line per server start (the starting
 * file, the kind of server): how many starts a pass makes, and which files make them.
 */
export function noteStart(kind: string): void {
  const log = process.env.HOP_TEST_START_LOG;
  if (log) appendFileSync(log, `${path.relative(ROOT, process.argv[1] ?? "")}\t${kind}\n`);
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse another server's database (two instances of one deployment). */
  shareWith?: HopServer;
  /** Start again on a stopped server's database (stop it first with keepData). */
  reuse?: HopServer;
  redisPrefix?: string;
}

export interface HopServer {
  /** "next start": Next's own server with proxy.ts, no admin endpoint (admin() runs the CLI). */
  app?: "next start";
  url: string;
  port: number;
  /** The metrics listener's port, when METRICS_PORT was set. */
  metricsPort?: number;
  env: Record<string, string>;
  process: ChildProcess;
  logs: () => string;
  /** Stops the process; its database is dropped unless keepData (then `reuse` it). */
  stop: (signal?: NodeJS.Signals, options?: { keepData?: boolean }) => Promise<void>;
  cleanups: Array<() => Promise<void> | void>;
}

/**
 * A new database on `base`'s server: from the run's migrated template when there is one; with
 * `empty`, from template0 (no tables: what a restore or an old schema starts from); with
 * `template`, a copy of that database (nothing may be connected to it).
 */
export async function freshDatabase(base = new URL(process.env.DATABASE_URL!), prefix = "hop_t", options: { empty?: boolean; template?: string } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  const template = options.template ?? (options.empty ? "template0" : undefined);
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : createDatabaseSql(name));
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base.toString() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await client.end();
    },
  };
}

/**
 * `HOP_TEST_APP=next-start` (PostgreSQL only): every startServer starts `next start` instead
 * (scripts/harness/next-start.ts), so a suite written for server.ts runs as a platform would run
 * Hop; accounts and keys come from the CLI, which opens PostgreSQL beside the server.
 */
export const underNextStart = process.env.HOP_TEST_APP === "next-start";

/**
 * Settings every test server starts with unless its test gives its own: no link-health sweep (the
 * tests' links point at example.com and the like, and tests reach nothing but loopback;
 * tests/api/links-health.test.ts turns it on against servers of its own).
 */
export const TEST_SERVER_DEFAULTS: Record<string, string> = { LINK_HEALTH_INTERVAL_HOURS: "0" };

/**
 * A test server logs (the run's own processes are silent): what it said is kept, never printed,
 * so a test can read it (`logs()`) and, with HOP_TEST_SERVER_LOG_DIR set, it is written there
 * when the server stops — `.ci/run` prints the warnings and errors of a pass that failed. A test
 * that sets HOP_LOG itself wins.
 */
export const SERVER_LOG: Record<string, string> = { HOP_LOG: "info" };

function keepLog(port: number, app: string, logs: string): void {
  const dir = process.env.HOP_TEST_SERVER_LOG_DIR;
  if (!dir || !logs) return;
  try {
    mkdirSync(dir, { recursive: true });
    appendFileSync(path.join(dir, `${app.replace(/\W+/g, "-")}-${port}.log`), logs);
  } catch {
    // A log that cannot be kept fails no test.
  }
}

export async function startServer(options: StartOptions = {}): Promise<HopServer> {
  if (underNextStart) {
    if (!usingPostgres) throw new Error("HOP_TEST_APP=next-start needs DATABASE_URL: the CLI cannot open the PGlite database a server holds");
    const { startNextStart } = await import("./next-start");
    return startNextStart(options);
  }
  let cleanups: Array<() => Promise<void> | void> = [];
  let env: Record<string, string>;
  if (options.reuse) {
    env = { ...options.reuse.env, ...options.env };
    cleanups = options.reuse.cleanups;
  } else if (options.shareWith) {
    env = { ...options.shareWith.env, ...options.env };
  } else {
    // A DATA_DIR or DATABASE_URL the caller gives is its own (a restored or an old database):
    // none is made for it, and nothing is left behind unused.
    const given = options.env ?? {};
    const dataDir = given.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "hop-test-"));
    if (!given.DATA_DIR) {
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      if (!usingPostgres) seedDataDir(dataDir);
    }
    env = { ...TEST_SERVER_DEFAULTS, DATA_DIR: dataDir, HOP_REDIS_PREFIX: options.redisPrefix ?? `hoptest:${randomBytes(6).toString("hex")}` };
    if (usingPostgres && !given.DATABASE_URL) {
      const database = await freshDatabase();
      env.DATABASE_URL = database.url;
      cleanups.push(database.drop);
    }
    env = { ...env, ...options.env };
  }
  noteStart(options.shareWith ? "server.ts, second instance" : options.reuse ? "server.ts, restart" : "server.ts");
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", PORT: "0", HOST: "127.0.0.1", ...SERVER_LOG, ...env };
  const child = spawn(process.execPath, [...testServerNodeArgs(), ...serverArgsFor(childEnv)], {
    cwd: ROOT,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const port = await new Promise<number>((resolve, reject) => {
    // A server that starts after the deadline would keep the test process alive for good.
    const timer = setTimeout(() => (child.kill("SIGKILL"), reject(new Error(`server did not start in ${START_LIMIT_MS / 1000} s:\n${output}`))), START_LIMIT_MS);
    const onData = () => {
      const match = /Hop listening on port (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  child.removeAllListeners("exit");
  const metricsPort = /Hop metrics on \S+ port (\d+)/.exec(output)?.[1];
  return serverHandle({ url: `http://127.0.0.1:${port}`, port, ...(metricsPort ? { metricsPort: Number(metricsPort) } : {}), env, child, logs: () => output, cleanups, graceMs: 10_000, ownsData: !options.shareWith });
}

/** The HopServer of a started process: stop() ends it, then drops its data unless kept or shared. */
export function serverHandle(parts: Omit<HopServer, "process" | "stop"> & { child: ChildProcess; graceMs: number; ownsData: boolean }): HopServer {
  const { child, graceMs, ownsData, ...server } = parts;
  let stopped = false;
  return {
    ...server,
    process: child,
    stop: async (signal = "SIGTERM", stopOptions = {}) => {
      if (!stopped) {
        stopped = true;
        await stopProcess(child, signal, graceMs);
        keepLog(server.port, server.app ?? "server.ts", server.logs());
      }
      if (ownsData && !stopOptions.keepData) for (const cleanup of server.cleanups.reverse()) await cleanup();
    },
  };
}

/** Sends `signal` and waits up to `graceMs` for the exit; then SIGKILL. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  const running = () => child.exitCode === null && child.signalCode === null;
  if (!running()) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs))]);
  if (running()) child.kill("SIGKILL");
}

/** Runs an operator command inside the running server, exactly as `npm run cli` does when one runs. */
export async function admin(server: HopServer, ...argv: string[]): Promise<Record<string, unknown>> {
  if (server.app === "next start") {
    const answer = await batchCliOf(server).run(argv);
    if ("error" in answer) throw new Error(`cli ${argv.join(" ")} failed: ${JSON.stringify(answer.error)}`);
    return answer.result as Record<string, unknown>;
  }
  const secret = readFileSync(path.join(server.env.DATA_DIR, "admin-secret"), "utf8").trim();
  const response = await fetch(`${server.url}/__hop/admin`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-hop-admin-secret": secret },
    body: JSON.stringify({ argv }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`admin ${argv.join(" ")} failed: ${JSON.stringify(body)}`);
  return body.result as Record<string, unknown>;
}

interface BatchCli {
  run(argv: string[]): Promise<{ result: unknown } | { error: unknown }>;
  close(): Promise<void>;
}

const batches = new WeakMap<HopServer, BatchCli>();

/**
 * The real CLI in batch mode (`cli batch`: a command per line), one process per `next start`
 * server for its admin() calls, which made ~200 CLI processes per pass one by one. Ended with
 * the server.
 */
function batchCliOf(server: HopServer): BatchCli {
  const known = batches.get(server);
  if (known) return known;
  noteStart("cli batch");
  const child = spawn(process.execPath, [...testServerNodeArgs(), ".next/hop/cli.mjs", "batch"], { cwd: ROOT, env: { ...process.env, HOP_LOG: "silent", ...server.env } });
  const waiting: Array<(line: string) => void> = [];
  let stderr = "";
  let buffered = "";
  child.stderr!.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4_000)));
  child.stdout!.on("data", (chunk) => {
    buffered += chunk;
    for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      waiting.shift()?.(line);
    }
  });
  child.on("exit", (code) => {
    for (const answer of waiting.splice(0)) answer(JSON.stringify({ error: { message: `cli batch exited (${code}): ${stderr}` } }));
  });
  // A chain, so the answers pair with the commands in order.
  let turn: Promise<unknown> = Promise.resolve();
  const batch: BatchCli = {
    run: (argv) => {
      const answer = turn.then(
        () =>
          new Promise<{ result: unknown } | { error: unknown }>((resolve) => {
            waiting.push((line) => resolve(JSON.parse(line) as { result: unknown } | { error: unknown }));
            child.stdin!.write(JSON.stringify(argv) + "\n");
          }),
      );
      turn = answer.catch(() => undefined);
      return answer;
    },
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.stdin!.end();
      await exited;
    },
  };
  batches.set(server, batch);
  const stop = server.stop;
  server.stop = async (...args) => {
    await batch.close();
    return stop(...args);
  };
  return batch;
}

/** Runs the real CLI (the bundle `npm run build` made of scripts/cli.ts) as a separate process with the server's environment. */
export function cli(server: { env: Record<string, string> }, ...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  noteStart("cli");
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...testServerNodeArgs(), ".next/hop/cli.mjs", ...argv], {
      cwd: ROOT,
      env: { ...process.env, HOP_LOG: "silent", ...server.env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("exit", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
