import { seedFromPersisted, windowStarts, type HitResult, type KeyCounters, type PersistedCounters, type UsageStore } from "./windows";

/** Counters of this process (no REDIS_URL): one instance owns them; the flusher persists them. */
export class MemoryUsageStore implements UsageStore {
  readonly counters = new Map<string, KeyCounters>();

  async hit(keyId: string, persisted: PersistedCounters, limits: { hourly: number; daily: number }, now: number): Promise<HitResult> {
    const { hourStart, dayStart } = windowStarts(now);
    let c = this.counters.get(keyId);
    if (!c) {
      c = seedFromPersisted(persisted, now);
      this.counters.set(keyId, c);
    }
    if (c.hourStart !== hourStart) Object.assign(c, { hourStart, hourCount: 0 });
    if (c.dayStart !== dayStart) Object.assign(c, { dayStart, dayCount: 0 });
    if (c.hourCount >= limits.hourly || c.dayCount >= limits.daily) return { allowed: false, ...c };
    c.hourCount += 1;
    c.dayCount += 1;
    c.total += 1;
    return { allowed: true, ...c };
  }
}
