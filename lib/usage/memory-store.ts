import { highest, inWindows, type HitResult, type KeyCounters, type UsageStore } from "./windows";

/**
 * Counters of this process: the store when REDIS_URL is unset (the flusher persists them), and
 * the stand-in while Redis is unreachable. Each hit lifts a counter to its seed, so counters kept
 * from an earlier outage never lag what Redis counted since.
 */
export class MemoryUsageStore implements UsageStore {
  readonly counters = new Map<string, KeyCounters>();

  async hit(keyId: string, seed: KeyCounters, limits: { hourly: number; daily: number }, now: number): Promise<HitResult> {
    const c = highest(inWindows(this.counters.get(keyId), now), inWindows(seed, now));
    this.counters.set(keyId, c);
    if (c.hourCount >= limits.hourly || c.dayCount >= limits.daily) return { allowed: false, ...c };
    c.hourCount += 1;
    c.dayCount += 1;
    c.total += 1;
    return { allowed: true, ...c };
  }
}
