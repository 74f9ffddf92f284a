import { announce } from "../cache/invalidation";
import type { Db } from "../db/open";
import { HopError } from "../errors";

/** Operators without DNS access mark a connected domain verified (CLI only, any account). */
export async function unsafeForceVerifyDomain(db: Db, domain: string) {
  const host = domain.trim().toLowerCase();
  const existing = await db.domain.findUnique({ where: { domain: host } });
  if (!existing) throw new HopError("domain_not_found", { message: `Domain ${host} is not connected to any account.` });
  // Verified from now on: no lapsing claim, no pending warning. The periodic re-check still applies.
  const updated = await db.domain.update({
    where: { domain: host },
    data: { verified: true, verifiedAt: existing.verifiedAt ?? new Date(), claimExpiresAt: null, recordMissingSince: null, unverifiedAt: null, unverifiedReason: null },
  });
  await announce({ kind: "domain", domain: host });
  return { domain: updated.domain, verified: updated.verified, verifiedAt: updated.verifiedAt };
}
