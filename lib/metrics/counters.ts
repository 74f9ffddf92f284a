// What /metrics reports that happens on request paths: plain numbers kept here, turned into
// Prometheus text only when scraped (lib/metrics/exposition.ts). A counted response costs a few
// array and map operations — no label hashing, no objects — so the visitor path stays as fast
// (docs/operations.md, "Metrics"). This module imports nothing: every layer may count into it.

/** Upper bounds in seconds, shared by every latency histogram. */
export const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

export class Histogram {
  /** counts[i]: observations ≤ LATENCY_BUCKETS[i] and > the bucket before; the last: above all. */
  readonly counts = new Float64Array(LATENCY_BUCKETS.length + 1);
  sum = 0;
  count = 0;

  observe(seconds: number): void {
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]) i += 1;
    this.counts[i] += 1;
    this.sum += seconds;
    this.count += 1;
  }
}

/** Where a response came from: the visitor entry point's redirects and pages, the API, the rest of the app. */
export const SURFACES = ["redirect", "page", "api", "app"] as const;
export type Surface = (typeof SURFACES)[number];
export const REDIRECT = 0;
export const PAGE = 1;
export const API = 2;
export const APP = 3;

const state = {
  /** Responses by surface (index) and status: key surface * 1000 + status. */
  responses: new Map<number, number>(),
  latency: SURFACES.map(() => new Histogram()),
  database: { read: new Histogram(), events: new Histogram() },
  databaseErrors: { read: 0, events: 0 },
  redisErrors: new Map<string, number>(),
  webhookDeliveries: new Map<string, number>(),
  probes: new Map<string, { up: boolean; seconds: number; failures: number }>(),
};

/** A response written: its surface (SURFACES index), status and time since the request arrived. */
export function countResponse(surface: number, status: number, seconds: number): void {
  const key = surface * 1000 + status;
  state.responses.set(key, (state.responses.get(key) ?? 0) + 1);
  state.latency[surface].observe(seconds);
}

export function isRedirectStatus(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** One statement through a database access of lib/db/open.ts (the visitor's reads, the event writer). */
export function observeQuery(access: "read" | "events", seconds: number, failed: boolean): void {
  state.database[access].observe(seconds);
  if (failed) state.databaseErrors[access] += 1;
}

export function countRedisError(connection: string): void {
  state.redisErrors.set(connection, (state.redisErrors.get(connection) ?? 0) + 1);
}

/** A webhook delivery attempt's outcome: "delivered", "retry", "failed" (gave up). */
export function countWebhookDelivery(result: string): void {
  state.webhookDeliveries.set(result, (state.webhookDeliveries.get(result) ?? 0) + 1);
}

/** The last readiness probe of a dependency (lib/server/readiness.ts). */
export function observeProbe(dependency: string, seconds: number, up: boolean): void {
  const previous = state.probes.get(dependency);
  state.probes.set(dependency, { up, seconds, failures: (previous?.failures ?? 0) + (up ? 0 : 1) });
}

/** Everything counted so far (read by the exposition). */
export function counted(): Readonly<typeof state> {
  return state;
}
