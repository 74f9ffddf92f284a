import { noteDatabaseFailure } from "../db/outage";
import type { Db } from "../db/open";
import { log } from "../log";

// A draft nobody opened expires 30 days after it was made. Every read goes through liveDraft(),
// so an expired draft answers 404 at that very moment on every instance; the sweep only frees the
// rows later. The sweep is one DELETE … WHERE, so several instances running it at once is harmless.

export const UNOPENED_DRAFT_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const DRAFT_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** The `where` condition of a draft that has not expired at `now`. */
export function liveDraft(now: Date) {
  return { OR: [{ openedAt: { not: null } }, { createdAt: { gt: new Date(now.getTime() - UNOPENED_DRAFT_LIFETIME_MS) } }] };
}

/** Deletes every draft that was never opened and is older than 30 days at `now`; returns how many. */
export async function sweepExpiredDrafts(db: Db, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UNOPENED_DRAFT_LIFETIME_MS);
  return db.$executeRaw`DELETE FROM "Draft" WHERE "openedAt" IS NULL AND "createdAt" <= ${cutoff}`;
}

/** Sweeps once (awaited, so a start begins without expired drafts), then every interval; returns the stop. */
export async function startDraftSweep(db: Db, intervalMs = DRAFT_SWEEP_INTERVAL_MS): Promise<() => void> {
  const sweep = () =>
    sweepExpiredDrafts(db).then(
      (deleted) => void (deleted && log.info("expired drafts deleted", { deleted })),
      (error: unknown) => void (noteDatabaseFailure(error) || log.warn("draft sweep failed", { error: String(error) })),
    );
  await sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
