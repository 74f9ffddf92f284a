// Started servers shared by kind for a whole test run, for the test files whose server needs
// nothing of its own (no restart, no second instance, no log or process to read, no limit counted
// per address): they isolate by account, so they can share one, and a run skips a start (~3 s of
// CPU) for each of them (docs/decisions/029-shared-test-servers.md).
//
// scripts/test.mjs runs this file as the run's broker: it listens on loopback, starts a server the
// first time a kind (its environment) is asked for, hands it to later callers, and stops them all
// when its standard input closes (the run ended, or died). A test file calls `sharedServer()`; run
// on its own (no broker named), that starts a server of its own as before.
import { createServer } from "node:http";
import { startServer, type HopServer } from "./hop-server";

export const BROKER_ENV = "HOP_TEST_SERVER_BROKER";

/**
 * What every shared server runs with, alone or shared: every file's requests come from 127.0.0.1,
 * and the API's failed-authentication count per address (60 a minute) would add up across files
 * that each stay under it (the throttle's own tests start their own server).
 */
export const SHARED_ENV: Record<string, string> = { AUTH_FAILURES_PER_MINUTE: "1000000" };

/** What a caller gets: the server's address and environment, never its process or its log. */
interface SharedInfo {
  app?: "next start";
  url: string;
  port: number;
  metricsPort?: number;
  env: Record<string, string>;
}

function unavailable(what: string): never {
  throw new Error(`a shared server's ${what} belongs to the run: start a server of your own (startServer) to read it`);
}

/**
 * A server of the run's for `env` (the same environment, the same server), or one of this file's
 * own when no broker runs. Its stop() leaves a shared server running.
 */
export async function sharedServer(options: { env?: Record<string, string> } = {}): Promise<HopServer> {
  const env = { ...SHARED_ENV, ...options.env };
  const broker = process.env[BROKER_ENV];
  if (!broker) return startServer({ env });
  const res = await fetch(`${broker}/server`, { method: "POST", body: JSON.stringify(env) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`the run's server broker: ${text}`);
  const info = JSON.parse(text) as SharedInfo;
  return {
    ...info,
    get process(): never {
      return unavailable("process");
    },
    logs: () => unavailable("log"),
    stop: async () => undefined,
    cleanups: [],
  };
}

/** The kind's key: the same variables with the same values, in any order. */
function kindOf(env: Record<string, string>): string {
  return JSON.stringify(Object.entries(env).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * Servers per kind, handed out in turn: with four files at a time, one process would serve all
 * four (one core at most, and PGlite's one thread), while the run has two cores.
 */
const REPLICAS = Number(process.env.HOP_TEST_SHARED_REPLICAS ?? 2);

async function runBroker(): Promise<void> {
  const servers = new Map<string, Promise<HopServer>>();
  const callers = new Map<string, number>();
  const http = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    try {
      const env = JSON.parse(body || "{}") as Record<string, string>;
      const kind = kindOf(env);
      const turn = callers.get(kind) ?? 0;
      callers.set(kind, turn + 1);
      const key = `${turn % REPLICAS} ${kind}`;
      if (!servers.has(key)) servers.set(key, startServer({ env }));
      const server = await servers.get(key)!;
      const info: SharedInfo = { ...(server.app ? { app: server.app } : {}), url: server.url, port: server.port, ...(server.metricsPort ? { metricsPort: server.metricsPort } : {}), env: server.env };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(info));
    } catch (error) {
      res.writeHead(500).end(String((error as Error).stack ?? error));
    }
  });
  // A start can take a minute on a starved machine: no request timeout of Node's may cut it.
  http.requestTimeout = 0;
  http.headersTimeout = 0;
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const address = http.address();
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` })}\n`);
  let stopping = false;
  const stopAll = async () => {
    if (stopping) return;
    stopping = true;
    http.close();
    await Promise.all([...servers.values()].map(async (starting) => (await starting.catch(() => null))?.stop()));
    process.exit(0);
  };
  process.stdin.on("end", stopAll).on("close", stopAll).resume();
  process.on("SIGTERM", stopAll);
}

// scripts/test.mjs: `node --import tsx scripts/harness/shared-servers.ts` (the standard input open for the run).
if (process.argv[1] === import.meta.filename) await runBroker();
