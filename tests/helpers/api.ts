import { windowStarts } from "../../lib/usage/windows";
import { admin, type HopServer } from "../../scripts/harness/hop-server";
import { apiRequest, type ApiResponse, type RequestOptions } from "../../scripts/harness/http";
import { checkContract } from "./contract";

export { addKey, createAccount, type ApiResponse, type RequestOptions, type TestAccount } from "../../scripts/harness/http";

/** A request to the API whose answer is checked against the OpenAPI document (tests/helpers/contract.ts). */
export async function api<T = any>(server: HopServer, method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const res = await apiRequest<T>(server, method, path, options);
  await checkContract(server.url, method, path, res.status, res.headers, res.body, res.text);
  return res;
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
