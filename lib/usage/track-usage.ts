import { db } from "../db/open";
import { errorFields, log } from "../log";
import { redis } from "../redis/client";
import { shared } from "../shared";
import { MemoryUsageStore } from "./memory-store";
import { RedisUsageStore } from "./redis-store";
import type { HitResult, PersistedCounters, UsageStore } from "./windows";

const FLUSH_INTERVAL_MS = 1000;

interface Tracker {
  store: UsageStore;
  /** Latest counters per key not yet written to the database. */
  dirty: Map<string, HitResult & { lastUsedAt: Date }>;
  timer?: NodeJS.Timeout;
}

function tracker(): Tracker {
  return shared("usageTracker", () => {
    const client = redis();
    const t: Tracker = { store: client ? new RedisUsageStore(client) : new MemoryUsageStore(), dirty: new Map() };
    t.timer = setInterval(() => void flushUsage(), FLUSH_INTERVAL_MS);
    t.timer.unref();
    return t;
  });
}

/** Counts a request against the key's windows (memory or Redis) and queues the persisted snapshot. */
export async function trackRequest(
  keyId: string,
  persisted: PersistedCounters,
  limits: { hourly: number; daily: number },
  now = Date.now(),
): Promise<HitResult> {
  const t = tracker();
  const result = await t.store.hit(keyId, persisted, limits, now);
  if (result.allowed) t.dirty.set(keyId, { ...result, lastUsedAt: new Date(now) });
  return result;
}

/** Writes queued counters; never lowers a stored value another instance wrote. */
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
    log.error("usage flush failed", errorFields(error));
  }
}
