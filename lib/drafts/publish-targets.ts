import { ownerPlan } from "../accounts/account-plan";
import { isPaidPlan } from "../accounts/plans";
import { config } from "../config";
import type { Db } from "../db/open";

/** The addresses the publish dialog offers: the primary domain, the system domains, the owner's verified custom domains. */
export async function publishTargets(db: Db, ownerId: string) {
  const owner = await ownerPlan(db, ownerId);
  const domains = await db.domain.findMany({ where: { accountId: ownerId, verified: true }, orderBy: { domain: "asc" }, select: { domain: true } });
  const { primaryDomain, systemDomains, premiumSystemDomains } = config();
  return {
    primaryDomain,
    systemDomains: systemDomains.map((domain) => ({ domain, needsPaidPlan: premiumSystemDomains.includes(domain) && !isPaidPlan(owner.plan) })),
    customDomains: domains.map((d) => d.domain),
  };
}

export type PublishTargets = Awaited<ReturnType<typeof publishTargets>>;
