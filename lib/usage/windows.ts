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

export interface UsageStore {
  /** Counts one request unless a window is full; a refused request is not counted. */
  hit(keyId: string, persisted: PersistedCounters, limits: { hourly: number; daily: number }, now: number): Promise<HitResult>;
}
