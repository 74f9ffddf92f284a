import { Redis } from "ioredis";
import { config, tunable } from "../config";
import { log, withoutCredentials } from "../log";
import { countRedisError } from "../metrics/counters";
import { shared } from "../shared";

/** The shared command connection, or null when REDIS_URL is unset. */
export function redis(): Redis | null {
  const url = config().redisUrl;
  if (!url) return null;
  return shared("redis", () => {
    const client = new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true, lazyConnect: false });
    watchRedisConnection(client, "commands");
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
    watchRedisConnection(client, "counters");
    return client;
  });
}

/**
 * The click cap's connection (lib/visit/click-cap.ts): as the counters' — never a queued command
 * while Redis is away — but without ioredis's own timeout, whose timer can fire after a busy
 * turn of the thread before the answer already waiting on the socket is read. The cap keeps its
 * own deadline (`answerWithin`), which reads the socket first.
 */
export function capRedis(): Redis | null {
  const url = config().redisUrl;
  if (!url) return null;
  return shared("redisCaps", () => {
    const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, enableAutoPipelining: true, retryStrategy: (attempt) => Math.min(attempt * 100, 1_000) });
    watchRedisConnection(client, "caps");
    return client;
  });
}

const readyWaits = new WeakMap<Redis, Promise<void>>();

/** Resolves when `client`'s connection is ready: one wait per connection, however many ask. */
export function whenReady(client: Redis): Promise<void> {
  if (client.status === "ready") return Promise.resolve();
  let waiting = readyWaits.get(client);
  if (!waiting) {
    waiting = new Promise<void>((resolve) =>
      client.once("ready", () => {
        readyWaits.delete(client);
        resolve();
      }),
    );
    readyWaits.set(client, waiting);
  }
  return waiting;
}

/**
 * `command`'s answer, or a rejection once `ms` have passed and the loop has read its sockets
 * since: the timer fires in the loop's timers phase, before the poll phase that reads an answer
 * which came while the thread was busy; the check is made after that poll.
 */
export function answerWithin<T>(command: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => setImmediate(() => settled || reject(new Error(`no answer from Redis within ${ms} ms`))), ms);
    const settle = () => {
      settled = true;
      clearTimeout(timer);
    };
    command.then(
      (value) => {
        settle();
        resolve(value);
      },
      (error: unknown) => {
        settle();
        reject(error);
      },
    );
  });
}

/**
 * Every connection's errors through our log, the way an operator can alert on: one warning when a
 * connection starts failing, a summary per OUTAGE_LOG_INTERVAL while it keeps failing, one line
 * when it is back — never a line per reconnect attempt. Without an "error" listener ioredis
 * prints its own plain-text "Unhandled error event" lines.
 */
export function watchRedisConnection(client: Redis, name: string): void {
  let failing = false;
  let errors = 0;
  let since = 0;
  let timer: NodeJS.Timeout | undefined;
  client.on("error", (error: Error) => {
    countRedisError(name);
    errors += 1;
    if (failing) return;
    failing = true;
    since = Date.now();
    log.warn("redis unreachable", { connection: name, error: withoutCredentials(error.message) });
    timer = setInterval(() => log.warn("redis still unreachable", { connection: name, downForS: Math.round((Date.now() - since) / 1000), errors }), tunable("OUTAGE_LOG_INTERVAL") * 1000);
    timer.unref();
  });
  client.on("ready", () => {
    if (!failing) return;
    clearInterval(timer);
    log.info("redis reachable again", { connection: name, downForS: Math.round((Date.now() - since) / 1000), errors });
    failing = false;
    errors = 0;
  });
}

/** After a Redis command failed or timed out, callers that can do without Redis skip it this long. */
export const REDIS_PAUSE_MS = 1_000;

/**
 * A verdict per process on "Redis is away", shared by every caller of a connection: a counter that
 * just timed out spares the next request its own wait (the rate counters, the sign-in throttle
 * and the visitor limits count in process; a write does not wait for the relay), and Redis is
 * asked again a REDIS_PAUSE_MS later. The click cap keeps one of its own ("caps"): another
 * counter's timeout says nothing of its connection, and a cap that decides from its last known
 * count while other instances go on counting in Redis lets visits past the cap.
 */
export function redisAway(connection: AwayVerdict = "counters"): boolean {
  return Date.now() < awayState()[connection];
}

export function markRedisAway(connection: AwayVerdict = "counters"): void {
  awayState()[connection] = Date.now() + REDIS_PAUSE_MS;
}

type AwayVerdict = "counters" | "caps";
const awayState = () => shared("redisAway", (): Record<AwayVerdict, number> => ({ counters: 0, caps: 0 }));

/** Every Redis key of this app starts with the prefix, so several deployments can share one server. */
export function redisKey(...parts: string[]): string {
  return [config().redisPrefix, ...parts].join(":");
}

export async function closeRedis(): Promise<void> {
  const registry = (globalThis as Record<string, unknown>).__hopShared as Map<string, unknown> | undefined;
  for (const name of ["redis", "redisCounters", "redisCaps"]) {
    const client = registry?.get(name) as Redis | undefined;
    if (!client) continue;
    registry!.delete(name);
    await client.quit().catch(() => client.disconnect());
  }
}
