import { announce } from "../cache/invalidation";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { recordAudit } from "../audit/record-audit";

/** Operators without DNS access mark a connected domain verified (CLI only, any account). */
export async function forceVerifyDomainAcrossAccounts(db: Db, domain: string) {
  const host = domain.trim().toLowerCase();
  const existing = await db.domain.findUnique({ where: { domain: host } });
  if (!existing) throw new HopError("domain_not_found", { message: `Domain ${host} is not connected to any account.` });
  // Verified from now on: no lapsing claim, no pending warning. The periodic re-check still applies.
  const updated = await db.$transaction(async (tx) => {
    const changed = await tx.domain.update({
      where: { domain: host },
      data: { verified: true, verifiedAt: existing.verifiedAt ?? new Date(), claimExpiresAt: null, recordMissingSince: null, unverifiedAt: null, unverifiedReason: null },
    });
    await recordAudit(tx, changed.accountId, { action: "domain.verified", target: { type: "domain", id: changed.id, label: host }, changes: { verified: true }, details: { forced: true } });
    return changed;
  });
  await announce({ kind: "domain", domain: host });
  return { domain: updated.domain, verified: updated.verified, verifiedAt: updated.verifiedAt };
}
