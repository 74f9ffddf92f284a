import type { Redis } from "ioredis";
import { redisKey } from "../redis/client";
import { DAY_MS, HOUR_MS, windowStarts, type HitResult, type KeyCounters, type UsageStore } from "./windows";

// One script checks both fixed windows and counts the request in both (and in the all-time total)
// only when both have room, atomically across every app instance. A counter lower than the seed
// is lifted to it (counts this process made while Redis was away). Counters Redis does not have
// (a restart, FLUSHALL, a new window) are not guessed: unless ARGV[9] says the seed is fresh, the
// script answers -1 and the caller re-reads the key's row from the database first.
const HIT_SCRIPT = `
local function lift(key, seed, ttl)
  local v = tonumber(redis.call('GET', key))
  if v and v >= seed then return v end
  redis.call('SET', key, seed, 'PX', ttl)
  return seed
end
if ARGV[9] ~= '1' and redis.call('EXISTS', KEYS[1], KEYS[2], KEYS[3]) < 3 then return {-1, 0, 0, 0} end
local h = lift(KEYS[1], tonumber(ARGV[3]), ARGV[6])
local d = lift(KEYS[2], tonumber(ARGV[4]), ARGV[7])
local t = lift(KEYS[3], tonumber(ARGV[5]), ARGV[8])
if h >= tonumber(ARGV[1]) or d >= tonumber(ARGV[2]) then return {0, h, d, t} end
return {1, redis.call('INCR', KEYS[1]), redis.call('INCR', KEYS[2]), redis.call('INCR', KEYS[3])}
`;

const TOTAL_TTL_MS = 30 * DAY_MS;

export class RedisUsageStore implements UsageStore {
  constructor(
    private readonly client: Redis,
    /** The seed to use when Redis lacks a counter: the key's row as the database holds it now. */
    private readonly freshSeed: (keyId: string, seed: KeyCounters, now: number) => Promise<KeyCounters>,
  ) {
    client.defineCommand("hopUsageHit", { numberOfKeys: 3, lua: HIT_SCRIPT });
  }

  /** Ready to take a command now (not connecting, reconnecting or closed). */
  get available(): boolean {
    return this.client.status === "ready";
  }

  async hit(keyId: string, seed: KeyCounters, limits: { hourly: number; daily: number }, now: number): Promise<HitResult> {
    const first = await this.run(keyId, seed, limits, now, false);
    if (first[0] !== -1) return this.result(first, now);
    return this.result(await this.run(keyId, await this.freshSeed(keyId, seed, now), limits, now, true), now);
  }

  private run(keyId: string, seed: KeyCounters, limits: { hourly: number; daily: number }, now: number, fresh: boolean): Promise<number[]> {
    const { hourStart, dayStart } = windowStarts(now);
    const script = (this.client as unknown as Record<string, (...args: unknown[]) => Promise<number[]>>).hopUsageHit;
    return script.call(
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
      fresh ? "1" : "0",
    );
  }

  private result([allowed, hourCount, dayCount, total]: number[], now: number): HitResult {
    const { hourStart, dayStart } = windowStarts(now);
    return { allowed: allowed === 1, hourStart, hourCount, dayStart, dayCount, total };
  }
}
