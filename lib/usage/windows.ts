export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** Fixed windows aligned to the UTC hour and the UTC day. */
export function windowStarts(now: number): { hourStart: number; dayStart: number } {
  return { hourStart: now - (now % HOUR_MS), dayStart: now - (now % DAY_MS) };
}

export interface KeyCounters {
  hourStart: number;
  hourCount: number;
  dayStart: number;
  dayCount: number;
  total: number;
}

export interface HitResult extends KeyCounters {
  allowed: boolean;
}

/** What the database last persisted for a key; used to seed a counter that this process (or Redis) lost. */
export interface PersistedCounters {
  totalRequests: bigint | number;
  hourWindowStart: Date | null;
  hourCount: number;
  dayWindowStart: Date | null;
  dayCount: number;
}

export function seedFromPersisted(persisted: PersistedCounters, now: number): KeyCounters {
  const { hourStart, dayStart } = windowStarts(now);
  return {
    hourStart,
    dayStart,
    hourCount: persisted.hourWindowStart?.getTime() === hourStart ? persisted.hourCount : 0,
    dayCount: persisted.dayWindowStart?.getTime() === dayStart ? persisted.dayCount : 0,
    total: Number(persisted.totalRequests),
  };
}

/** Counters of the windows around `now`; a window that started earlier counts as 0. */
export function inWindows(counters: KeyCounters | undefined, now: number): KeyCounters {
  const { hourStart, dayStart } = windowStarts(now);
  return {
    hourStart,
    dayStart,
    hourCount: counters?.hourStart === hourStart ? counters.hourCount : 0,
    dayCount: counters?.dayStart === dayStart ? counters.dayCount : 0,
    total: counters?.total ?? 0,
  };
}

/** Field by field the higher of two seeds of the same windows: a counter is never re-seeded lower. */
export function highest(a: KeyCounters, b: KeyCounters): KeyCounters {
  return {
    hourStart: a.hourStart,
    dayStart: a.dayStart,
    hourCount: Math.max(a.hourCount, b.hourCount),
    dayCount: Math.max(a.dayCount, b.dayCount),
    total: Math.max(a.total, b.total),
  };
}

export interface UsageStore {
  /**
   * Counts one request unless a window is full; a refused request is not counted. A counter the
   * store does not have, or has lower than `seed`, starts from `seed`.
   */
  hit(keyId: string, seed: KeyCounters, limits: { hourly: number; daily: number }, now: number): Promise<HitResult>;
}
