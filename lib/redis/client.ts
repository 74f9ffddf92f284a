import { Redis } from "ioredis";
import { config } from "../config";
import { log } from "../log";
import { countRedisError } from "../metrics/counters";
import { shared } from "../shared";

/** The shared command connection, or null when REDIS_URL is unset. */
export function redis(): Redis | null {
  const url = config().redisUrl;
  if (!url) return null;
  return shared("redis", () => {
    const client = new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true, lazyConnect: false });
    client.on("error", (error) => {
      countRedisError("commands");
      log.warn("redis error", { error: error.message });
    });
    return client;
  });
}

/** How long a request waits for its rate counters before counting in process instead. */
export const COUNTER_TIMEOUT_MS = 300;

/**
 * The connection for per-request counters (API usage, the sign-in throttle, the visitor limits):
 * it never queues a command while Redis is away and gives up on a slow one after
 * COUNTER_TIMEOUT_MS, so an outage costs a request at most that and each caller counts in process
 * instead. The shared connection above keeps its offline queue for the invalidation relay (whose
 * writers wait for it only within a bound, lib/cache/redis-relay.ts) and the CLI.
 */
export function counterRedis(): Redis | null {
  const url = config().redisUrl;
  if (!url) return null;
  return shared("redisCounters", () => {
    const client = new Redis(url, {
      commandTimeout: COUNTER_TIMEOUT_MS,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      enableAutoPipelining: true,
      retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
    });
    let lastLog = 0;
    client.on("error", (error) => {
      countRedisError("counters");
      if (Date.now() - lastLog < 10_000) return;
      lastLog = Date.now();
      log.warn("redis (rate counters) error", { error: error.message });
    });
    return client;
  });
}

/** After a Redis command failed or timed out, callers that can do without Redis skip it this long. */
export const REDIS_PAUSE_MS = 1_000;

/**
 * One verdict per process on "Redis is away", shared by every caller: a counter that just timed out
 * spares the next request its own wait (the rate counters, the sign-in throttle and the visitor
 * limits count in process; a write does not wait for the relay), and Redis is asked again a
 * REDIS_PAUSE_MS later.
 */
export function redisAway(): boolean {
  return Date.now() < awayState().until;
}

export function markRedisAway(): void {
  awayState().until = Date.now() + REDIS_PAUSE_MS;
}

const awayState = () => shared("redisAway", () => ({ until: 0 }));

/** Every Redis key of this app starts with the prefix, so several deployments can share one server. */
export function redisKey(...parts: string[]): string {
  return [config().redisPrefix, ...parts].join(":");
}

export async function closeRedis(): Promise<void> {
  const registry = (globalThis as Record<string, unknown>).__hopShared as Map<string, unknown> | undefined;
  for (const name of ["redis", "redisCounters"]) {
    const client = registry?.get(name) as Redis | undefined;
    if (!client) continue;
    registry!.delete(name);
    await client.quit().catch(() => client.disconnect());
  }
}
