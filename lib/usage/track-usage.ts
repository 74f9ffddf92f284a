import { noteDatabaseFailure } from "../db/outage";
import { db } from "../db/open";
import { errorFields, log } from "../log";
import { counterRedis, markRedisAway, redisAway } from "../redis/client";
import { shared } from "../shared";
import { MemoryUsageStore } from "./memory-store";
import { readPersistedCountersAcrossAccounts } from "./read-persisted-counters";
import { RedisUsageStore } from "./redis-store";
import { highest, inWindows, seedFromPersisted, type HitResult, type KeyCounters, type PersistedCounters } from "./windows";

// Where a request is counted: Redis when REDIS_URL is set and Redis answers, else this process.
// While Redis is unreachable (a command failed, timed out, or the connection is not ready) requests
// are counted in process — seeded from the last counters this process saw, so the quota carries
// on — and Redis is tried again after REDIS_PAUSE_MS (lib/redis/client.ts, shared by every caller
// in the process); when it answers, its counters are lifted to what was counted meanwhile. Counters Redis lost are re-seeded from the key's row in the database
// (which the flusher below keeps within a second of the counts), never lower than it holds.

const FLUSH_INTERVAL_MS = 1000;
const MAX_REMEMBERED_KEYS = 100_000;

interface Tracker {
  redis: RedisUsageStore | null;
  memory: MemoryUsageStore;
  lastRedisLog: number;
  /** The latest counters this process saw per key, from either store. */
  lastKnown: Map<string, KeyCounters>;
  /** Latest counters per key not yet written to the database. */
  dirty: Map<string, HitResult & { lastUsedAt: Date }>;
  timer?: NodeJS.Timeout;
}

function tracker(): Tracker {
  return shared("usageTracker", () => {
    const client = counterRedis();
    const t: Tracker = {
      redis: client ? new RedisUsageStore(client, freshSeed) : null,
      memory: new MemoryUsageStore(),
      lastRedisLog: 0,
      lastKnown: new Map(),
      dirty: new Map(),
    };
    t.timer = setInterval(() => void flushUsage(), FLUSH_INTERVAL_MS);
    t.timer.unref();
    return t;
  });
}

/** Starts the flusher and, with REDIS_URL, waits (up to 2 s) for the counters' connection, so the first requests count in Redis. */
export async function startUsageTracking(): Promise<void> {
  tracker();
  const client = counterRedis();
  if (!client || client.status === "ready") return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, 2_000);
    client.once("ready", done);
    function done() {
      clearTimeout(timer);
      client!.off("ready", done);
      resolve();
    }
  });
}

/** The database's row now, lifted by what this process knows; what it had if the database is down too. */
async function freshSeed(keyId: string, seed: KeyCounters, now: number): Promise<KeyCounters> {
  try {
    const row = await readPersistedCountersAcrossAccounts(await db(), keyId);
    return row ? highest(seed, seedFromPersisted(row, now)) : seed;
  } catch (error) {
    if (!noteDatabaseFailure(error)) log.warn("usage re-seed read failed; using the cached row", errorFields(error));
    return seed;
  }
}

async function count(t: Tracker, keyId: string, seed: KeyCounters, limits: { hourly: number; daily: number }, now: number): Promise<HitResult> {
  if (t.redis && t.redis.available && !redisAway()) {
    try {
      return await t.redis.hit(keyId, seed, limits, now);
    } catch (error) {
      markRedisAway();
      if (Date.now() - t.lastRedisLog > 10_000) {
        t.lastRedisLog = Date.now();
        log.warn("redis rate counters unavailable; counting in process", errorFields(error));
      }
    }
  }
  return t.memory.hit(keyId, seed, limits, now);
}

/**
 * Counts a request against the key's windows and queues the persisted snapshot. `persisted` is the
 * key row as read at authentication (possibly minutes old): a floor, not the truth.
 */
export async function trackRequest(
  keyId: string,
  persisted: PersistedCounters,
  limits: { hourly: number; daily: number },
  now = Date.now(),
): Promise<HitResult> {
  const t = tracker();
  const seed = highest(seedFromPersisted(persisted, now), inWindows(t.lastKnown.get(keyId), now));
  const result = await count(t, keyId, seed, limits, now);
  t.lastKnown.delete(keyId);
  if (t.lastKnown.size >= MAX_REMEMBERED_KEYS) t.lastKnown.delete(t.lastKnown.keys().next().value!);
  t.lastKnown.set(keyId, { hourStart: result.hourStart, hourCount: result.hourCount, dayStart: result.dayStart, dayCount: result.dayCount, total: result.total });
  if (result.allowed) t.dirty.set(keyId, { ...result, lastUsedAt: new Date(now) });
  return result;
}

/** Writes queued counters; never lowers a stored value another instance wrote. Kept for the next try on failure. */
export async function flushUsage(): Promise<void> {
  const t = tracker();
  if (t.dirty.size === 0) return;
  const batch = [...t.dirty.entries()];
  t.dirty.clear();
  try {
    const client = await db();
    for (const [keyId, c] of batch) {
      await client.$executeRaw`
        UPDATE "ApiKey" SET
          "totalRequests" = GREATEST("totalRequests", ${BigInt(c.total)}),
          "hourWindowStart" = ${new Date(c.hourStart)},
          "hourCount" = CASE WHEN "hourWindowStart" = ${new Date(c.hourStart)} THEN GREATEST("hourCount", ${c.hourCount}) ELSE ${c.hourCount} END,
          "dayWindowStart" = ${new Date(c.dayStart)},
          "dayCount" = CASE WHEN "dayWindowStart" = ${new Date(c.dayStart)} THEN GREATEST("dayCount", ${c.dayCount}) ELSE ${c.dayCount} END,
          "lastUsedAt" = GREATEST("lastUsedAt", ${c.lastUsedAt})
        WHERE id = ${keyId}`;
    }
  } catch (error) {
    for (const [keyId, c] of batch) if (!t.dirty.has(keyId)) t.dirty.set(keyId, c);
    if (!noteDatabaseFailure(error)) log.error("usage flush failed; kept for the next flush", errorFields(error));
  }
}
