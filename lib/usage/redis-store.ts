import type { Redis } from "ioredis";
import { redisKey } from "../redis/client";
import { DAY_MS, HOUR_MS, seedFromPersisted, windowStarts, type HitResult, type PersistedCounters, type UsageStore } from "./windows";

// One script checks both fixed windows and counts the request in both (and in the all-time total)
// only when both have room, atomically across every app instance. Missing counters (a Redis
// restart) are seeded from what the database last persisted.
const HIT_SCRIPT = `
local function load(key, seed, ttl)
  local v = redis.call('GET', key)
  if v then return tonumber(v) end
  redis.call('SET', key, seed, 'PX', ttl)
  return tonumber(seed)
end
local h = load(KEYS[1], ARGV[3], ARGV[6])
local d = load(KEYS[2], ARGV[4], ARGV[7])
local t = load(KEYS[3], ARGV[5], ARGV[8])
if h >= tonumber(ARGV[1]) or d >= tonumber(ARGV[2]) then return {0, h, d, t} end
return {1, redis.call('INCR', KEYS[1]), redis.call('INCR', KEYS[2]), redis.call('INCR', KEYS[3])}
`;

const TOTAL_TTL_MS = 30 * DAY_MS;

export class RedisUsageStore implements UsageStore {
  constructor(private readonly client: Redis) {
    client.defineCommand("hopUsageHit", { numberOfKeys: 3, lua: HIT_SCRIPT });
  }

  async hit(keyId: string, persisted: PersistedCounters, limits: { hourly: number; daily: number }, now: number): Promise<HitResult> {
    const { hourStart, dayStart } = windowStarts(now);
    const seed = seedFromPersisted(persisted, now);
    const run = (this.client as unknown as Record<string, (...args: unknown[]) => Promise<number[]>>).hopUsageHit;
    const [allowed, hourCount, dayCount, total] = await run.call(
      this.client,
      redisKey("usage", keyId, "h", String(hourStart)),
      redisKey("usage", keyId, "d", String(dayStart)),
      redisKey("usage", keyId, "total"),
      limits.hourly,
      limits.daily,
      seed.hourCount,
      seed.dayCount,
      seed.total,
      hourStart + HOUR_MS - now + 60_000,
      dayStart + DAY_MS - now + 60_000,
      TOTAL_TTL_MS,
    );
    return { allowed: allowed === 1, hourStart, hourCount, dayStart, dayCount, total };
  }
}
