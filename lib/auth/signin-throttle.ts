import { createHash } from "node:crypto";
import { Ratelimit } from "@upstash/ratelimit";
import { errorFields, log } from "../log";
import { counterRedis, markRedisAway, redisAway, redisKey } from "../redis/client";
import { shared } from "../shared";
import { upstashOverIoredis } from "./upstash-over-ioredis";

// Dashboard sign-in attempts are limited per e-mail and per client IP with a sliding window. With
// REDIS_URL this is @upstash/ratelimit over the app's rate-counter connection, so every instance
// counts together; without it, the same algorithm in this process. Every attempt takes a token up
// front (atomically, so a burst of parallel guesses cannot slip past) and a successful sign-in
// gives its tokens back: what stays counted are failures. While Redis is away (refused, or no
// answer within the connection's COUNTER_TIMEOUT_MS, lib/redis/client.ts) the process counts on
// its own, so an outage neither holds a sign-in nor lifts the limit.
//
// Pinned to @upstash/ratelimit 2.0.8: later versions send a script flag Redis 7.0 rejects.

export const SIGNIN_WINDOW_MS = 15 * 60_000;
export const SIGNIN_LIMIT_PER_EMAIL = 10;
export const SIGNIN_LIMIT_PER_IP = 50;

interface Limiter {
  /** rate 1 takes a token (refused when none is left); rate -1 gives one back. */
  limit(identifier: string, rate: 1 | -1): Promise<{ success: boolean; reset: number }>;
}

class UpstashLimiter implements Limiter {
  constructor(private readonly ratelimit: Ratelimit) {}
  async limit(identifier: string, rate: 1 | -1) {
    const result = await this.ratelimit.limit(identifier, { rate });
    return { success: result.success, reset: result.reset };
  }
}

/** The same sliding window as Ratelimit.slidingWindow (current fixed window + weighted previous). */
class MemoryLimiter implements Limiter {
  private readonly counts = new Map<string, number>();
  constructor(private readonly tokens: number, private readonly windowMs: number) {}

  async limit(identifier: string, rate: 1 | -1, now = Date.now()) {
    const current = Math.floor(now / this.windowMs);
    const reset = (current + 1) * this.windowMs;
    const key = `${identifier}:${current}`;
    const used = this.counts.get(key) ?? 0;
    const previous = Math.floor((1 - (now % this.windowMs) / this.windowMs) * (this.counts.get(`${identifier}:${current - 1}`) ?? 0));
    if (rate > 0 && used + previous >= this.tokens) return { success: false, reset };
    this.counts.set(key, used + rate);
    this.prune(current);
    return { success: true, reset };
  }

  private prune(current: number) {
    if (this.counts.size < 10_000) return;
    for (const key of this.counts.keys()) if (Number(key.slice(key.lastIndexOf(":") + 1)) < current - 1) this.counts.delete(key);
  }
}

/**
 * Redis's count while it answers, this process's own while it does not. A token given back goes to
 * whichever store answers then: one taken in process and returned to Redis (it came back in
 * between) frees at most one attempt early.
 */
class RedisOrMemoryLimiter implements Limiter {
  private lastLog = 0;
  constructor(private readonly redis: Limiter, private readonly memory: Limiter) {}

  async limit(identifier: string, rate: 1 | -1) {
    if (!redisAway()) {
      try {
        return await this.redis.limit(identifier, rate);
      } catch (error) {
        markRedisAway();
        if (Date.now() - this.lastLog > 10_000) {
          this.lastLog = Date.now();
          log.warn("redis unavailable for the sign-in throttle; counting in process", errorFields(error));
        }
      }
    }
    return this.memory.limit(identifier, rate);
  }
}

function limiters(): { email: Limiter; ip: Limiter } {
  return shared("signinLimiters", () => {
    const inProcess = (tokens: number) => new MemoryLimiter(tokens, SIGNIN_WINDOW_MS);
    // The rate counters' connection: no offline queue and a short command timeout, so a Redis that
    // is down fails at once and a frozen one within COUNTER_TIMEOUT_MS.
    const client = counterRedis();
    if (!client) return { email: inProcess(SIGNIN_LIMIT_PER_EMAIL), ip: inProcess(SIGNIN_LIMIT_PER_IP) };
    const upstash = upstashOverIoredis(client);
    const make = (tokens: number, kind: string) =>
      new RedisOrMemoryLimiter(
        new UpstashLimiter(
          new Ratelimit({
            redis: upstash,
            limiter: Ratelimit.slidingWindow(tokens, `${SIGNIN_WINDOW_MS / 60_000} m`),
            prefix: redisKey("signin", kind),
            // Redis is the one truth shared by all instances; no per-process block cache.
            ephemeralCache: false,
            analytics: false,
            // Its own timeout would let the attempt through (success, reason "timeout"); the
            // connection's command timeout fails the call instead, and the process counts it.
            timeout: 0,
          }),
        ),
        inProcess(tokens),
      );
    return { email: make(SIGNIN_LIMIT_PER_EMAIL, "email"), ip: make(SIGNIN_LIMIT_PER_IP, "ip") };
  });
}

/** E-mails are hashed before they become Redis keys. */
function emailId(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
}

export type ThrottleDecision = { allowed: true; release: () => Promise<void> } | { allowed: false; retryAfterSeconds: number };

/**
 * Takes one attempt from the e-mail's and the IP's budgets. When allowed, call `release()` after a
 * successful sign-in so only failures stay counted.
 */
export async function takeSignInAttempt(email: string, ip: string, now = Date.now()): Promise<ThrottleDecision> {
  const { email: byEmail, ip: byIp } = limiters();
  const id = emailId(email);
  const [e, i] = await Promise.all([byEmail.limit(id, 1), byIp.limit(ip, 1)]);
  if (!e.success || !i.success) {
    // The attempt is not made, so the budget that did allow it gets its token back.
    if (e.success) await byEmail.limit(id, -1);
    if (i.success) await byIp.limit(ip, -1);
    const reset = Math.max(e.success ? 0 : e.reset, i.success ? 0 : i.reset);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((reset - now) / 1000)) };
  }
  return { allowed: true, release: async () => void (await Promise.all([byEmail.limit(id, -1), byIp.limit(ip, -1)])) };
}
