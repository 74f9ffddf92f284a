import { Ratelimit } from "@upstash/ratelimit";
import { upstashOverIoredis } from "../auth/upstash-over-ioredis";
import { errorFields, log } from "../log";
import { counterRedis, markRedisAway, redisAway, redisKey } from "../redis/client";
import { shared } from "../shared";

// A named sliding-window budget (sign-up per address and in all, …): the mechanism of the sign-in
// throttle (lib/auth/signin-throttle.ts). With REDIS_URL it is @upstash/ratelimit's sliding window
// over the counters connection, so every instance counts together; without it, or while Redis
// fails or is slow (the counters connection gives up after COUNTER_TIMEOUT_MS), the same
// algorithm in this process, so an outage neither stalls the request nor opens the limit.

export interface LimitDecision {
  success: boolean;
  /** When the current window ends (ms since the epoch): the latest a refused caller must wait. */
  reset: number;
}

export interface SlidingLimiter {
  /** rate 1 takes a token (refused when none is left); rate -1 gives one back. */
  limit(identifier: string, rate?: 1 | -1, now?: number): Promise<LimitDecision>;
}

/** The same sliding window as Ratelimit.slidingWindow (current fixed window + weighted previous). */
export class MemorySlidingLimiter implements SlidingLimiter {
  private readonly counts = new Map<string, number>();
  constructor(
    private readonly tokens: number,
    private readonly windowMs: number,
  ) {}

  async limit(identifier: string, rate: 1 | -1 = 1, now = Date.now()): Promise<LimitDecision> {
    const current = Math.floor(now / this.windowMs);
    const reset = (current + 1) * this.windowMs;
    const key = `${identifier}:${current}`;
    const used = this.counts.get(key) ?? 0;
    const previous = Math.floor((1 - (now % this.windowMs) / this.windowMs) * (this.counts.get(`${identifier}:${current - 1}`) ?? 0));
    if (rate > 0 && used + previous >= this.tokens) return { success: false, reset };
    this.counts.set(key, Math.max(0, used + rate));
    this.prune(current);
    return { success: true, reset };
  }

  private prune(current: number) {
    if (this.counts.size < 10_000) return;
    for (const key of this.counts.keys()) if (Number(key.slice(key.lastIndexOf(":") + 1)) < current - 1) this.counts.delete(key);
  }
}

/**
 * Redis's count while it answers, this process's own while it does not (lib/redis/client.ts's one
 * "Redis is away" verdict, so one timeout spares every limiter of the process its wait). A token
 * given back goes to whichever store answers then: one taken in process and returned to Redis
 * (it came back in between) frees at most one attempt early.
 */
class RedisSlidingLimiter implements SlidingLimiter {
  private lastLog = 0;
  constructor(
    private readonly name: string,
    private readonly ratelimit: Ratelimit,
    private readonly fallback: MemorySlidingLimiter,
  ) {}

  async limit(identifier: string, rate: 1 | -1 = 1, now = Date.now()): Promise<LimitDecision> {
    if (!redisAway()) {
      try {
        const result = await this.ratelimit.limit(identifier, { rate });
        return { success: result.success, reset: result.reset };
      } catch (error) {
        markRedisAway();
        if (Date.now() - this.lastLog > 10_000) {
          this.lastLog = Date.now();
          log.warn("limit: redis unavailable, counting in process", { limit: this.name, ...errorFields(error) });
        }
      }
    }
    return this.fallback.limit(identifier, rate, now);
  }
}

/** The limiter `name`: `tokens` per `windowMs`, per identifier; one per process and name. */
export function slidingLimiter(name: string, tokens: number, windowMs: number): SlidingLimiter {
  return shared(`slidingLimiter:${name}`, () => {
    const memory = new MemorySlidingLimiter(tokens, windowMs);
    const client = counterRedis();
    if (!client) return memory;
    const ratelimit = new Ratelimit({
      redis: upstashOverIoredis(client),
      limiter: Ratelimit.slidingWindow(tokens, `${windowMs} ms`),
      prefix: redisKey("limit", name),
      // Redis is the one truth shared by all instances; no per-process block cache, and no
      // "allow after a timeout": a failure (the connection's own timeout) falls back to memory.
      ephemeralCache: false,
      analytics: false,
      timeout: 0,
    });
    return new RedisSlidingLimiter(name, ratelimit, memory);
  });
}

/** Whole seconds until `reset`, at least 1: the Retry-After of a refusal. */
export function secondsUntil(reset: number, now = Date.now()): number {
  return Math.max(1, Math.ceil((reset - now) / 1000));
}
