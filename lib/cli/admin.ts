import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { config } from "../config";
import { relayFlushed } from "../cache/redis-relay";
import { db } from "../db/open";
import { HopError, isHopError } from "../errors";
import { errorFields, log } from "../log";
import { hasForwardingHeaders, isLoopbackIp } from "../net/client-ip";
import { setUsageClock, usageNow } from "../usage/clock";
import { runCommand } from "./commands";

// The embedded database can be opened by one process only, so while a server runs the CLI sends
// its command here instead: loopback peers only, authenticated by a secret kept in DATA_DIR. A
// request that came through a proxy (any forwarding header) is refused even with the secret: the
// reverse proxy in front of Hop is itself a loopback peer, so the peer alone proves nothing.

export const ADMIN_PATH = "/__hop/admin";

function dataFile(name: string): string {
  return path.join(config().dataDir, name);
}

export function adminSecret(): string {
  const file = dataFile("admin-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(config().dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export interface ServerRecord {
  pid: number;
  port: number;
}

export function writeServerRecord(record: ServerRecord): void {
  writeFileSync(dataFile("server.json"), JSON.stringify(record));
}

export function removeServerRecord(): void {
  const file = dataFile("server.json");
  try {
    const record = JSON.parse(readFileSync(file, "utf8")) as ServerRecord;
    if (record.pid === process.pid) rmSync(file, { force: true });
  } catch {
    // nothing to remove
  }
}

/** The server that owns DATA_DIR, if one is running. */
export function runningServer(): ServerRecord | null {
  try {
    const record = JSON.parse(readFileSync(dataFile("server.json"), "utf8")) as ServerRecord;
    process.kill(record.pid, 0);
    return record;
  } catch {
    return null;
  }
}

function sameSecret(given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(adminSecret());
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The CLI calls http://127.0.0.1:<port>; a proxy passing a public Host on is not the CLI. */
function isLoopbackHost(host: string | undefined): boolean {
  const name = (host ?? "").toLowerCase().replace(/:\d+$/, "").replace(/^\[(.*)\]$/, "$1");
  return name === "localhost" || isLoopbackIp(name);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body, (_k, v) => (typeof v === "bigint" ? Number(v) : v)));
}

/** Tests only, and only with HOP_TEST_CLOCK=on: not an operator command (lib/usage/clock.ts). */
function setTestClock(at: string | undefined): { now: string } {
  const atMs = Date.parse(at ?? "");
  if (!config().testClock) throw new HopError("invalid_request", { message: "test-clock needs HOP_TEST_CLOCK=on." });
  if (Number.isNaN(atMs)) throw new HopError("invalid_request", { message: "test-clock needs an ISO 8601 time." });
  setUsageClock(atMs);
  return { now: new Date(usageNow()).toISOString() };
}

export async function handleAdminRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!isLoopbackIp(req.socket.remoteAddress) || hasForwardingHeaders(req.headers) || !isLoopbackHost(req.headers.host) || !sameSecret(req.headers["x-hop-admin-secret"] as string | undefined)) {
    req.resume();
    return send(res, 404, { error: { code: "not_found", message: "Not found." } });
  }
  let raw = "";
  for await (const chunk of req) raw += chunk;
  try {
    const { argv } = JSON.parse(raw) as { argv: unknown };
    if (!Array.isArray(argv) || !argv.every((a) => typeof a === "string")) throw new HopError("invalid_request", { message: "argv must be an array of strings." });
    if (argv[0] === "test-clock") return send(res, 200, { result: setTestClock(argv[1]) });
    const result = await runCommand(await db(), argv);
    await relayFlushed(); // other instances hear of the change before the caller's next request
    send(res, 200, { result });
  } catch (error) {
    if (isHopError(error)) return send(res, error.status, error.toBody());
    log.error("admin command failed", errorFields(error));
    send(res, 500, { error: { code: "internal_error", message: "The command failed; see the server log." } });
  }
}

/** Runs the command in the running server; null when no server owns DATA_DIR. */
export async function sendToRunningServer(argv: string[]): Promise<{ status: number; body: Record<string, unknown> } | null> {
  const server = runningServer();
  if (!server) return null;
  const response = await fetch(`http://127.0.0.1:${server.port}${ADMIN_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-hop-admin-secret": adminSecret() },
    body: JSON.stringify({ argv }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
