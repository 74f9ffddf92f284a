import { config } from "../config";
import type { Db } from "../db/open";
import { noteDatabaseFailure } from "../db/outage";
import { log } from "../log";

// Audit entries are kept AUDIT_RETENTION_DAYS (default 365), then deleted by a daily sweep (and
// one at each start, so a server that never runs a day long still keeps to it).

const DAY_MS = 86_400_000;

/** Deletes every entry older than the retention at `now`; returns how many. */
export async function sweepAuditLog(db: Db, now: Date = new Date(), days = config().auditRetentionDays): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  return db.$executeRaw`DELETE FROM "AuditEntry" WHERE "createdAt" < ${cutoff}`;
}

export async function startAuditSweep(db: Db, intervalMs = DAY_MS): Promise<() => void> {
  const sweep = () =>
    sweepAuditLog(db).then(
      (deleted) => void (deleted && log.info("old audit entries deleted", { deleted })),
      (error: unknown) => void (noteDatabaseFailure(error) || log.warn("audit sweep failed", { error: String(error) })),
    );
  await sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
