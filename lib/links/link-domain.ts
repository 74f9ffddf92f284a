import { isPaidPlan } from "../accounts/plans";
import { config } from "../config";
import type { Db } from "../db/open";
import { HopError } from "../errors";

export type DomainKind = "primary" | "system" | "custom";

/** Where a new link may live: the primary domain, a system domain, or a verified custom domain of the owner. */
export async function resolveLinkDomain(db: Db, owner: { id: string; plan: string }, value: unknown): Promise<{ domain: string; kind: DomainKind }> {
  const { primaryDomain, systemDomains, premiumSystemDomains } = config();
  if (value === undefined || value === null || value === "") return { domain: primaryDomain, kind: "primary" };
  if (typeof value !== "string") throw new HopError("invalid_domain", { field: "domain", message: "domain must be a string." });
  const domain = value.trim().toLowerCase().replace(/\.$/, "");
  if (domain === primaryDomain) return { domain, kind: "primary" };
  if (systemDomains.includes(domain)) {
    if (premiumSystemDomains.includes(domain) && !isPaidPlan(owner.plan)) {
      throw new HopError("plan_upgrade_required", { message: `${domain} needs a paid plan.`, extras: { currentPlan: owner.plan } });
    }
    return { domain, kind: "system" };
  }
  const custom = await db.domain.findFirst({ where: { domain, accountId: owner.id }, select: { verified: true } });
  if (!custom) throw new HopError("DOMAIN_NOT_FOUND", { field: "domain", message: `${domain} is not a domain of this account.` });
  if (!custom.verified) throw new HopError("DOMAIN_NOT_VERIFIED", { field: "domain", message: `${domain} is not verified yet.` });
  return { domain, kind: "custom" };
}

export function domainKind(domain: string): DomainKind {
  const { primaryDomain, systemDomains } = config();
  if (domain === primaryDomain) return "primary";
  return systemDomains.includes(domain) ? "system" : "custom";
}
