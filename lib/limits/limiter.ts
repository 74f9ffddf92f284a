import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { tunable } from "../config";
import { errorFields, log } from "../log";
import { counterRedis, markRedisAway, redisAway, redisKey } from "../redis/client";
import { shared } from "../shared";

// The one mechanism of every limit on people and addresses (sign-in, sign-up, failed API
// authentications, the visitor limits; the API's quotas are lib/usage/'s): rate-limiter-flexible's
// fixed window, which starts at a key's first point and lasts windowMs. With REDIS_URL the counts
// live in Redis (RateLimiterRedis on the counters connection), so every instance counts together;
// without it, or while Redis fails or is slow (the connection gives up after COUNTER_TIMEOUT_MS),
// RateLimiterMemory counts in this process, so an outage neither stalls a request nor opens a
// limit. Why not @upstash/ratelimit: docs/architecture.md.

/** Keys each limit holds in process; past it the oldest window goes first, so a flood of new keys costs bounded memory. */
const MAX_KEYS = tunable("HOP_LIMIT_KEYS_MAX");

export interface Taken {
  /** Whether the point fits the limit. A refused point is counted too (it cannot extend the window). */
  allowed: boolean;
  /** Points counted in the key's window, this one included. */
  consumed: number;
  /** Until the key's window ends. */
  msBeforeNext: number;
}

export interface Limiter {
  take(key: string): Promise<Taken>;
  /** Gives back a point taken for an attempt that was not made (or, for the sign-in throttle, succeeded). */
  giveBack(key: string): Promise<void>;
  /** Points counted in the key's window so far, without counting one. */
  counted(key: string): Promise<number>;
}

/** RateLimiterMemory and the order its keys' windows began in, which it does not bound itself. */
class InProcess {
  readonly store: RateLimiterMemory;
  private readonly keys = new Set<string>();

  constructor(points: number, windowMs: number) {
    this.store = new RateLimiterMemory({ points, duration: windowMs / 1000 });
  }

  /** Notes a window begun by `result`, dropping the oldest keys past MAX_KEYS. */
  note(key: string, result: RateLimiterRes | null) {
    if (!result?.isFirstInDuration) return;
    this.keys.delete(key);
    this.keys.add(key);
    for (const oldest of this.keys) {
      if (this.keys.size <= MAX_KEYS) break;
      this.keys.delete(oldest);
      void this.store.delete(oldest);
    }
  }

  size(): number {
    return this.keys.size;
  }
}

/**
 * Redis's count while it answers, this process's own while it does not (lib/redis/client.ts's one
 * "Redis is away" verdict, so one timeout spares every limit of the process its wait). The process
 * counts every point itself as well, so a fallback in the middle of a window goes on from this
 * process's points instead of from zero: one instance never lets more through than the limit,
 * and N instances at most their own shares. Points given back are given back to both.
 */
class Limit implements Limiter {
  private lastLog = 0;

  constructor(
    private readonly name: string,
    private readonly points: number,
    private readonly redis: RateLimiterRedis | null,
    readonly memory: InProcess,
  ) {}

  async take(key: string): Promise<Taken> {
    // A refusal rejects with the count, which here is an answer like any other.
    const result = (await this.run(key, (store) => store.consume(key).catch(refusal)))!;
    return { allowed: result.consumedPoints <= this.points, consumed: result.consumedPoints, msBeforeNext: result.msBeforeNext };
  }

  async giveBack(key: string): Promise<void> {
    await this.run(key, (store) => store.reward(key));
  }

  async counted(key: string): Promise<number> {
    return (await this.run(key, (store) => store.get(key)))?.consumedPoints ?? 0;
  }

  private async run(key: string, op: (store: RateLimiterAbstract) => Promise<RateLimiterRes | null>): Promise<RateLimiterRes | null> {
    const own = op(this.memory.store).then((result) => {
      this.memory.note(key, result);
      return result;
    });
    if (this.redis && !redisAway()) {
      try {
        const [shared] = await Promise.all([op(this.redis), own]);
        return shared;
      } catch (error) {
        markRedisAway();
        if (Date.now() - this.lastLog > 10_000) {
          this.lastLog = Date.now();
          log.warn("limit: redis unavailable, counting in process", { limit: this.name, ...errorFields(error) });
        }
      }
    }
    return own;
  }
}

function refusal(rejection: unknown): RateLimiterRes {
  if (rejection instanceof RateLimiterRes) return rejection;
  throw rejection;
}

/** The limit `name`: `points` per key in a window of `windowMs` (whole seconds); one per process and name. */
export function limiter(name: string, points: number, windowMs: number): Limiter {
  return shared(`limiter:${name}`, () => {
    const client = counterRedis();
    // Fails at once while the connection is down instead of waiting for the command timeout.
    const redis = client && new RateLimiterRedis({ storeClient: client, points, duration: windowMs / 1000, keyPrefix: redisKey("limit", name), rejectIfRedisNotReady: true });
    return new Limit(name, points, redis, new InProcess(points, windowMs));
  });
}

/** Keys a limit holds in process (for tests of the bound). */
export function keysInProcess(limit: Limiter): number {
  return (limit as Limit).memory.size();
}

/** Whole seconds until a window ends, at least 1: the Retry-After of a refusal. */
export function retryAfterSeconds(msBeforeNext: number): number {
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
}
