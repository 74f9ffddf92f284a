import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { Redis } from "ioredis";
import { tunable } from "../config";
import { errorFields, log } from "../log";
import { counterRedis, markRedisAway, redisAway, redisKey } from "../redis/client";
import { shared } from "../shared";

// The one mechanism of every limit on people and addresses (sign-in, sign-up, failed API
// authentications, password-link tries, the visitor limits; the API's quotas are lib/usage/'s):
// rate-limiter-flexible's fixed window, which starts at a key's first point and lasts windowMs.
// With REDIS_URL the counts live in Redis (RateLimiterRedis on the counters connection), so every
// instance counts together; without it RateLimiterMemory counts in this process. The rule, whichever
// server answers (server.ts or next start) and however slow Redis is: a point is refused when any
// count Hop holds of its key is past the limit. Why, and the cases: docs/decisions/011-rate-limits.md.

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

/** Sets `key` last in `map`; past MAX_KEYS the oldest entries go, each handed to `dropped`. */
function keep<V>(map: Map<string, V>, key: string, value: V, dropped?: (key: string) => void): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= MAX_KEYS) break;
    map.delete(oldest);
    dropped?.(oldest);
  }
}

/** RateLimiterMemory and the order its keys' windows began in, which it does not bound itself. */
class InProcess {
  readonly store: RateLimiterMemory;
  private readonly keys = new Map<string, true>();

  constructor(points: number, windowMs: number) {
    this.store = new RateLimiterMemory({ points, duration: windowMs / 1000 });
  }

  /** Notes a window begun by `result`, dropping the oldest keys past MAX_KEYS. */
  note(key: string, result: RateLimiterRes | null) {
    if (result?.isFirstInDuration) keep(this.keys, key, true, (oldest) => void this.store.delete(oldest));
  }

  size(): number {
    return this.keys.size;
  }
}

/** Points of a key this process counted without Redis: taken (positive) or given back (negative). */
interface Unsent {
  points: number;
  since: number;
}

/** Points of a key that other instances had counted in Redis at its last answer, for the rest of that window. */
interface Others {
  points: number;
  until: number;
}

/**
 * Every point is counted twice: in this process (always, synchronously) and in Redis (the same
 * tick, so both see one process's points in one order). While Redis answers, the larger count
 * decides: Redis's has every instance's points, the process's has every one of its own, even those
 * Redis never saw. While it does not (lib/redis/client.ts's one "Redis is away" verdict, or a
 * connection not ready), the process's count decides, plus what other instances had counted at
 * Redis's last answer; the points Redis missed are kept and sent with the next command Redis
 * takes, so the other instances see them too.
 */
class Limit implements Limiter {
  private lastLog = 0;
  private readonly unsent = new Map<string, Unsent>();
  private readonly others = new Map<string, Others>();

  constructor(
    private readonly name: string,
    private readonly points: number,
    private readonly windowMs: number,
    private readonly redis: { client: Redis; store: RateLimiterRedis } | null,
    readonly memory: InProcess,
  ) {}

  async take(key: string): Promise<Taken> {
    // A refusal rejects with the count, which here is an answer like any other.
    const own = this.memory.store.consume(key).catch(refusal);
    const inRedis = this.ask(key, 1, (store) => store.consume(key).catch(refusal));
    const [mine, theirs] = await Promise.all([own, inRedis]);
    this.memory.note(key, mine);
    const consumed = theirs ? this.larger(key, mine.consumedPoints, theirs) : mine.consumedPoints + this.othersOf(key);
    const decisive = theirs && theirs.consumedPoints >= mine.consumedPoints ? theirs : mine;
    return { allowed: consumed <= this.points, consumed, msBeforeNext: decisive.msBeforeNext };
  }

  async giveBack(key: string): Promise<void> {
    await Promise.all([this.memory.store.reward(key), this.ask(key, -1, (store) => store.reward(key))]);
  }

  async counted(key: string): Promise<number> {
    const [mine, theirs] = await Promise.all([this.memory.store.get(key), this.ask(key, 0, (store) => store.get(key))]);
    const own = mine?.consumedPoints ?? 0;
    return theirs === undefined ? own + this.othersOf(key) : Math.max(own, theirs?.consumedPoints ?? 0);
  }

  /**
   * Redis's answer to `op`, or undefined when Redis was not asked or did not answer. The command is
   * issued synchronously (after the points Redis missed), so it is ordered with the process's own.
   */
  private ask(key: string, delta: number, op: (store: RateLimiterRedis) => Promise<RateLimiterRes | null>): Promise<RateLimiterRes | null | undefined> {
    if (!this.redis) return Promise.resolve(undefined);
    if (redisAway() || this.redis.client.status !== "ready") {
      // Not sent: certainly missing from Redis. (A command that timed out was most likely run, so it is not resent.)
      this.miss(key, delta);
      return Promise.resolve(undefined);
    }
    this.sendUnsent(this.redis.store);
    return op(this.redis.store).catch((error: unknown) => {
      markRedisAway();
      if (Date.now() - this.lastLog > 10_000) {
        this.lastLog = Date.now();
        log.warn("limit: redis unavailable, counting in process", { limit: this.name, ...errorFields(error) });
      }
      return undefined;
    });
  }

  private miss(key: string, delta: number): void {
    if (delta === 0) return;
    const before = this.unsent.get(key);
    keep(this.unsent, key, { points: (before?.points ?? 0) + delta, since: before?.since ?? Date.now() });
  }

  /** Sends the points Redis missed, each key's in one command; a window long over is not revived. */
  private sendUnsent(store: RateLimiterRedis): void {
    if (this.unsent.size === 0) return;
    const now = Date.now();
    for (const [key, { points, since }] of this.unsent) {
      if (points === 0 || now - since >= this.windowMs) continue;
      void (points > 0 ? store.consume(key, points) : store.reward(key, -points)).catch(() => {});
    }
    this.unsent.clear();
  }

  /** The larger of the two counts; notes how far Redis's is ahead (other instances' points) for a fallback. */
  private larger(key: string, mine: number, theirs: RateLimiterRes): number {
    const ahead = theirs.consumedPoints - mine;
    if (ahead > 0) keep(this.others, key, { points: ahead, until: Date.now() + theirs.msBeforeNext });
    else this.others.delete(key);
    return Math.max(mine, theirs.consumedPoints);
  }

  private othersOf(key: string): number {
    const others = this.others.get(key);
    return others && others.until > Date.now() ? others.points : 0;
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
    const redis = client && { client, store: new RateLimiterRedis({ storeClient: client, points, duration: windowMs / 1000, keyPrefix: redisKey("limit", name), rejectIfRedisNotReady: true }) };
    return new Limit(name, points, windowMs, redis, new InProcess(points, windowMs));
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
