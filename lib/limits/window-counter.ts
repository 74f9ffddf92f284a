import { tunable } from "../config";
import type { Redis } from "ioredis";
import { errorFields, log } from "../log";
import { counterRedis, markRedisAway, redisAway, redisKey } from "../redis/client";
import { shared } from "../shared";

// Counters for the anonymous visitor limits (click beacon, 18+ confirmation, contact form): how
// many times a key was hit in a window that starts at its first hit. With REDIS_URL the counters
// live in Redis and every instance shares them (over the rate counters' connection, so a Redis that
// is down or frozen costs a visitor at most its short command timeout); otherwise in this process,
// in a map bounded to MAX_KEYS entries (the oldest keys go first, so a flood of new keys costs
// bounded memory).

const MAX_KEYS = tunable("HOP_LIMIT_KEYS_MAX");

interface Entry {
  count: number;
  expiresAt: number;
}

const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
`;

function memory(): Map<string, Entry> {
  return shared("windowCounters", () => new Map<string, Entry>());
}

function memoryHit(key: string, windowMs: number, now: number): number {
  const entries = memory();
  const entry = entries.get(key);
  if (entry && entry.expiresAt > now) return (entry.count += 1);
  if (entry) entries.delete(key);
  while (entries.size >= MAX_KEYS) {
    // Map order is insertion order: the first key is the oldest window.
    entries.delete(entries.keys().next().value!);
  }
  entries.set(key, { count: 1, expiresAt: now + windowMs });
  return 1;
}

type WithHit = Redis & { hopWindowHit?: (key: string, windowMs: number) => Promise<number> };

function redisHit(client: WithHit, key: string, windowMs: number): Promise<number> {
  if (!client.hopWindowHit) client.defineCommand("hopWindowHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
  return client.hopWindowHit!(redisKey("limit", key), windowMs);
}

/**
 * Counts one hit of `key` and returns the hits in its current window, this one included. When
 * Redis fails the process's own counter answers, so a visitor is never refused for our outage.
 */
export async function hitWindow(key: string, windowMs: number, now = Date.now()): Promise<number> {
  const client = counterRedis();
  if (client && !redisAway()) {
    try {
      return await redisHit(client, key, windowMs);
    } catch (error) {
      markRedisAway();
      log.warn("visitor limit: redis failed, counting in process", errorFields(error));
    }
  }
  return memoryHit(key, windowMs, now);
}

/** Keys held in process (for tests of the bound). */
export function windowCounterSize(): number {
  return memory().size;
}
