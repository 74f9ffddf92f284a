import type { z } from "zod";
import { announce, type Invalidation } from "../cache/invalidation";
import { config } from "../config";
import type { Db } from "../db/open";
import type { Prisma } from "../generated/prisma/client";
import { HopError } from "../errors";
import { randomSlug } from "../ids";
import { publicIdOf } from "../links/public-id";
import { isReservedSlug, SLUG_PATTERN } from "../links/reserved";
import { findOwnedDomain } from "./connect-domain";
import type { DomainDeleteResult } from "./responses";
import { recordAudit } from "../audit/record-audit";

/**
 * The primary-domain slug a custom-domain path becomes: lower case, `/` as `-`, other characters
 * dropped, at most 50; a root page or a path with nothing usable left gets a random slug.
 */
export function slugFromPath(path: string): string {
  const base = path.toLowerCase().replace(/\//g, "-").replace(/[^a-z0-9_-]/g, "").replace(/-+/g, "-").replace(/^-|-$/g, "").slice(0, 50);
  return SLUG_PATTERN.test(base) && !isReservedSlug(base) ? base : randomSlug();
}

/** base, base-1, base-2 … the first not in `taken`, kept within 50 characters. */
export function freeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 1; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, 50 - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Primary-domain slugs a base or its suffixed forms could collide with (including the truncated
 * `<first 48>-1` of a 50-character base). Unsafe: across accounts, because primary slugs are
 * unique across accounts; it returns slugs only.
 */
async function takenPrimarySlugsAcrossAccounts(tx: Prisma.TransactionClient, primary: string, bases: string[]): Promise<Set<string>> {
  if (!bases.length) return new Set();
  const rows = await tx.link.findMany({ where: { domain: primary, OR: bases.map((b) => ({ slug: { startsWith: b.slice(0, 40) } })) }, select: { slug: true } });
  return new Set(rows.map((row) => row.slug));
}

/**
 * Moves an account's links on a custom domain to the primary domain (inside the caller's
 * transaction): by delete, and when another account takes the domain over.
 */
export async function moveLinksToPrimary(tx: Prisma.TransactionClient, accountId: string, domain: string): Promise<{ moved: number; events: Invalidation[] }> {
  const primary = config().primaryDomain;
  const events: Invalidation[] = [];
  const links = await tx.link.findMany({ where: { accountId, domain }, orderBy: { createdAt: "asc" } });
  const wanted = links.map((link) => slugFromPath(link.slug));
  const bases = [...new Set(wanted)];
  const taken = await takenPrimarySlugsAcrossAccounts(tx, primary, bases);
  for (const [index, link] of links.entries()) {
    const slug = freeSlug(wanted[index], taken);
    taken.add(slug);
    await tx.link.update({ where: { id: link.id }, data: { domain: primary, slug, publicId: publicIdOf(primary, slug) } });
    events.push({ kind: "link", domain: link.domain, slug: link.slug }, { kind: "link", domain: primary, slug });
  }
  return { moved: links.length, events };
}

/** The account's domain DELETE may remove: not another's, not the default. */
async function removableDomain(db: Db, accountId: string, value: string) {
  const domain = await findOwnedDomain(db, accountId, value);
  if (domain.isDefault) throw new HopError("cannot_delete_default_domain", { message: `${domain.domain} is the default domain; set another default first.` });
  return domain;
}

/** What DELETE would do (a dry run): the domain it removes and how many links would move to the primary domain. */
export async function previewDeleteDomain(db: Db, accountId: string, value: string) {
  const domain = await removableDomain(db, accountId, value);
  return { domain: domain.domain, linksReassigned: await db.link.count({ where: { accountId, domain: domain.domain } }) };
}

/** DELETE /v1/domains/{domain}: refuses the default; moves its links to the primary domain in one transaction. */
export async function deleteDomain(db: Db, accountId: string, value: string) {
  const domain = await removableDomain(db, accountId, value);
  const primary = config().primaryDomain;
  const { moved, events } = await db.$transaction(async (tx) => {
    const result = await moveLinksToPrimary(tx, accountId, domain.domain);
    await tx.domain.delete({ where: { id: domain.id } });
    await recordAudit(tx, accountId, { action: "domain.removed", target: { type: "domain", id: domain.id, label: domain.domain }, details: { linksMoved: result.moved } });
    return result;
  });
  await announce({ kind: "domain", domain: domain.domain }, ...events);
  return { domain: domain.domain, message: `${domain.domain} was removed; ${moved} link(s) moved to ${primary}.`, linksReassigned: moved } satisfies z.input<typeof DomainDeleteResult>;
}
