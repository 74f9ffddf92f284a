import { randomBytes } from "node:crypto";
import { windowStarts } from "../../lib/usage/windows";
import { checkContract } from "./contract";
import { admin, type HopServer } from "./server";

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  key?: string | null;
  body?: unknown;
  /** Raw body text, sent as is (for malformed JSON tests). */
  raw?: string;
  headers?: Record<string, string>;
}

export async function api<T = any>(server: HopServer, method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await fetch(`${server.url}${path}`, { method, headers, body, redirect: "manual" });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  await checkContract(server.url, method, path, response.status, response.headers, parsed, text);
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

/**
 * A link's (or page's) analytics once `done` says so: events reach them when the queue is flushed,
 * so this asks every 100 ms, for at most 10 s, then returns what it has (the test's assertions
 * name what is missing).
 */
export async function linkAnalyticsWhen(server: HopServer, key: string, id: string, done: (body: any) => boolean): Promise<any> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await api(server, "GET", `/v1/analytics/links/${id}?timeframe=last_7_days`, { key });
    if (done(res.body) || Date.now() > deadline) return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface TestAccount {
  id: string;
  email: string;
  key: string;
  keyId: string;
}

/** An account with one key, made through the same commands as `npm run cli`. */
export async function createAccount(
  server: HopServer,
  options: { plan?: string; role?: "full" | "creator" | "viewer" | "legacy"; email?: string } = {},
): Promise<TestAccount> {
  const email = options.email ?? `t-${randomBytes(5).toString("hex")}@example.test`;
  const account = await admin(server, "account", "create", "--email", email, "--plan", options.plan ?? "growth");
  const key = await admin(server, "key", "create", "--email", email, "--role", options.role ?? "full");
  return { id: String(account.id), email, key: String(key.key), keyId: String(key.id) };
}

export async function addKey(server: HopServer, email: string, role: "full" | "creator" | "viewer" | "legacy") {
  const key = await admin(server, "key", "create", "--email", email, "--role", role);
  return { key: String(key.key), keyId: String(key.id) };
}

let pinned: { at: number; realAt: number } | null = null;

/**
 * Before a test that counts requests in a key's hourly (or daily) window: sets the servers' usage
 * clock (started with HOP_TEST_CLOCK=on, see TEST_CLOCK) to a second into the current UTC hour,
 * so the test has the hour ahead of it and never straddles a window's edge (at the edge the counts
 * start again from zero, and exact remaining counts would not hold). Window arithmetic in the test
 * uses usageClockNow(), the time those servers read.
 */
export async function startOfHour(...servers: HopServer[]): Promise<void> {
  const realAt = Date.now();
  const at = windowStarts(realAt).hourStart + 1_000;
  for (const server of servers) await admin(server, "test-clock", new Date(at).toISOString());
  pinned = { at, realAt };
}

/** The usage clock's time on the servers startOfHour pinned (Date.now() before any pin). */
export function usageClockNow(): number {
  return pinned ? pinned.at + (Date.now() - pinned.realAt) : Date.now();
}

/** The environment of a server whose tests set its usage clock (startOfHour). */
export const TEST_CLOCK = { HOP_TEST_CLOCK: "on" };
