import { noteDatabaseFailure } from "../db/outage";
import { announce } from "../cache/invalidation";
import type { Db } from "../db/open";
import { errorFields, log } from "../log";
import { checkRecord } from "./dns-check";
import { afterCheck } from "./domain-state";
import { domainSettings } from "./domain-settings";

// The periodic domain tasks (started by server.ts on every instance): remove lapsed claims, and
// look up each verified domain's record again every DOMAIN_RECHECK_INTERVAL_HOURS. Several
// instances may run them at once: the sweep is one conditional delete, and each re-check is
// leased by moving lastCheckedAt forward only if nobody else has since it was read.

const BATCH = 200;
const CONCURRENCY = 4;
const MAX_TICK_MS = 15 * 60 * 1000;

/** Deletes unverified claims whose claimExpiresAt has passed; returns how many. */
export async function sweepExpiredClaims(db: Db, now = new Date()): Promise<number> {
  const { count } = await db.domain.deleteMany({ where: { verified: false, claimExpiresAt: { lte: now } } });
  return count;
}

export interface RecheckSummary {
  checked: number;
  /** Checks that found a verified domain's record missing, within the grace. */
  warned: number;
  unverified: number;
  /** Missing records found again within the grace. */
  restored: number;
}

/** Re-checks the verified domains due at `now` (at most one batch per call). */
export async function recheckDueDomains(db: Db, now = new Date()): Promise<RecheckSummary> {
  const summary: RecheckSummary = { checked: 0, warned: 0, unverified: 0, restored: 0 };
  const dueBefore = new Date(now.getTime() - domainSettings().recheckIntervalMs);
  const due = await db.domain.findMany({
    where: { verified: true, OR: [{ lastCheckedAt: null }, { lastCheckedAt: { lte: dueBefore } }] },
    orderBy: { lastCheckedAt: { sort: "asc", nulls: "first" } },
    take: BATCH,
  });
  const queue = [...due];
  const worker = async () => {
    for (let d = queue.shift(); d; d = queue.shift()) {
      const lease = await db.domain.updateMany({ where: { id: d.id, verified: true, lastCheckedAt: d.lastCheckedAt }, data: { lastCheckedAt: now } });
      if (!lease.count) continue;
      summary.checked += 1;
      const { change, data } = afterCheck(d, await checkRecord(d.domain, { type: d.recordType as "CNAME" | "A", value: d.recordValue }), now);
      if (change === "none") continue;
      const { count } = await db.domain.updateMany({ where: { id: d.id, verified: true, lastCheckedAt: now }, data });
      if (!count) continue;
      if (change === "warned") summary.warned += 1;
      if (change === "restored") summary.restored += 1;
      if (change === "unverified") {
        summary.unverified += 1;
        await announce({ kind: "domain", domain: d.domain });
        log.warn("domain unverified: record missing past the grace", { domain: d.domain, accountId: d.accountId, missingSince: data.recordMissingSince?.toISOString() });
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return summary;
}

/** Runs the sweep and the re-check at start and then every min(interval, 15 min); returns a stop that waits for a run in flight. */
export function startDomainMaintenance(open: () => Promise<Db>): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = (async () => {
      const db = await open();
      const removed = await sweepExpiredClaims(db);
      const summary = await recheckDueDomains(db);
      if (removed || summary.checked) log.info("domain maintenance", { expiredClaimsRemoved: removed, ...summary });
    })()
      .catch((error: unknown) => void (noteDatabaseFailure(error) || log.error("domain maintenance failed", errorFields(error))))
      .finally(() => (running = null));
  };
  run();
  const timer = setInterval(run, Math.max(1000, Math.min(domainSettings().recheckIntervalMs, MAX_TICK_MS)));
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
