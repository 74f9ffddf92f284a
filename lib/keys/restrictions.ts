import { z } from "zod";
import { config } from "../config";
import type { Db } from "../db/open";
import { HopError } from "../errors";

// A key may be restricted to some groups and/or some domains (docs/decisions/031-key-scopes.md).
// Each list, when not empty, must hold for a link: a key restricted to groups A and B and to
// domain d sees a link only when it is in A or B and on d. Empty lists: no restriction.

export interface KeyRestrictions {
  groupIds: readonly string[];
  domains: readonly string[];
}

export const NO_RESTRICTIONS: KeyRestrictions = { groupIds: [], domains: [] };

export function isRestricted(r: KeyRestrictions): boolean {
  return r.groupIds.length > 0 || r.domains.length > 0;
}

/** The Prisma `where` members that keep a query to the links the key may see; {} when unrestricted. */
export function restrictedLinkWhere(r: KeyRestrictions): { groupId?: { in: string[] }; domain?: { in: string[] } } {
  return {
    ...(r.groupIds.length ? { groupId: { in: [...r.groupIds] } } : {}),
    ...(r.domains.length ? { domain: { in: [...r.domains] } } : {}),
  };
}

/** Whether a link (its group and host) is inside the key's restrictions. */
export function allowsLink(r: KeyRestrictions, link: { groupId: string | null; domain: string }): boolean {
  if (r.groupIds.length && (!link.groupId || !r.groupIds.includes(link.groupId))) return false;
  if (r.domains.length && !r.domains.includes(link.domain)) return false;
  return true;
}

/** A create (link or website) outside the key's groups or domains. */
export function outsideRestrictions(): HopError {
  return new HopError("outside_key_restrictions");
}

const MAX_ENTRIES = 50;
export const RestrictionLists = z.object({
  groupIds: z.array(z.string().trim().min(1).max(100)).max(MAX_ENTRIES).default([]),
  domains: z.array(z.string().trim().min(1).max(253)).max(MAX_ENTRIES).default([]),
});

/**
 * Checks a new key's restrictions against the account: every group is one of its groups, every
 * domain the primary domain, a system domain or one of its custom domains. Returns them cleaned.
 */
export async function checkRestrictions(db: Db, accountId: string, input: { groupIds?: string[]; domains?: string[] }): Promise<KeyRestrictions> {
  const groupIds = [...new Set(input.groupIds ?? [])];
  const domains = [...new Set((input.domains ?? []).map((d) => d.trim().toLowerCase().replace(/\.$/, "")))];
  if (groupIds.length) {
    const found = await db.group.findMany({ where: { accountId, id: { in: groupIds } }, select: { id: true } });
    const missing = groupIds.find((id) => !found.some((g) => g.id === id));
    if (missing) throw new HopError("GROUP_NOT_FOUND", { field: "groupIds", message: `The group ${missing} does not exist in this account.` });
  }
  if (domains.length) {
    const { primaryDomain, systemDomains } = config();
    const custom = await db.domain.findMany({ where: { accountId, domain: { in: domains } }, select: { domain: true } });
    const missing = domains.find((d) => d !== primaryDomain && !systemDomains.includes(d) && !custom.some((c) => c.domain === d));
    if (missing) throw new HopError("DOMAIN_NOT_FOUND", { field: "domains", message: `${missing} is not a domain of this account.` });
  }
  return { groupIds, domains };
}
