import type { Db } from "../db/open";
import { HopError } from "../errors";
import type { Link } from "../generated/prisma/client";
import { currentRestrictions } from "../keys/acting-key";
import { restrictedLinkWhere } from "../keys/restrictions";
import { domainKind } from "./link-domain";
import { SLUG_PATTERN } from "./reserved";

// One resolver for every endpoint that takes a link identifier: an id, a short URL (URL-encoded in
// the path, or bare `host/path`), or — except in exact mode — a bare slug searched across the
// caller's domains, then the team owners'. Ids and short URLs win over slug matches. Matching is
// exact: custom-domain paths keep their case, nothing is rewritten (`a_b` is not `a/b`), and a short
// URL with `#`, `?`, `.`/`..` segments or an encoded `/` matches nothing. A key restricted to some
// groups or domains (lib/keys/restrictions.ts) finds only the links inside them.

export interface ResolveOptions {
  /** "exact": ids and short URLs only (bulk delete); "search": bare slugs are searched too. */
  mode: "exact" | "search";
  /** Accounts whose links the caller may act on besides its own (active admin/editor memberships). */
  teamOwnerIds: string[];
}

export interface Resolved {
  link: Link;
  ownedByCaller: boolean;
  matchedBy: "id" | "shortUrl" | "slug";
}

const URL_FORM = /^https?:\/\/([^/?#]+)(\/[^?#]*)?$/i;
const BARE_FORM = /^([a-z0-9.-]+\.[a-z]{2,}(?::\d+)?|localhost(?::\d+)?|127\.0\.0\.1(?::\d+)?)(\/[^?#]*)?$/i;

/** host and path of a short URL, or null when it cannot name a link exactly. */
export function parseShortUrl(identifier: string): { domain: string; slug: string } | null {
  if (/[#?]/.test(identifier)) return null;
  const match = URL_FORM.exec(identifier) ?? (identifier.includes("/") ? BARE_FORM.exec(identifier) : null);
  if (!match) return null;
  const domain = match[1].toLowerCase();
  const path = (match[2] ?? "").replace(/^\//, "");
  if (path.includes("%")) return null;
  const segments = path === "" ? [] : path.split("/");
  if (segments.some((s) => s === "" || s === "." || s === "..")) return null;
  const kind = domainKind(domain);
  return { domain, slug: kind === "custom" ? path : path.toLowerCase() };
}

async function byAddress(db: Db, accounts: string[], address: { domain: string; slug: string }): Promise<Resolved | null> {
  const link = await db.link.findFirst({ where: { domain: address.domain, slug: address.slug, accountId: { in: accounts }, AND: [restrictedLinkWhere(currentRestrictions())] } });
  return link ? { link, ownedByCaller: link.accountId === accounts[0], matchedBy: "shortUrl" } : null;
}

async function byId(db: Db, accounts: string[], identifier: string): Promise<Resolved | null> {
  const ids = SLUG_PATTERN.test(identifier) ? [identifier, identifier.toLowerCase()] : [identifier];
  const links = await db.link.findMany({ where: { publicId: { in: ids }, accountId: { in: accounts }, AND: [restrictedLinkWhere(currentRestrictions())] } });
  const link = links.find((l) => l.accountId === accounts[0]) ?? links[0];
  return link ? { link, ownedByCaller: link.accountId === accounts[0], matchedBy: "id" } : null;
}

async function bySlug(db: Db, accountId: string, identifier: string): Promise<Link | null> {
  const links = await db.link.findMany({ where: { accountId, slug: { in: [...new Set([identifier, identifier.toLowerCase()])] }, AND: [restrictedLinkWhere(currentRestrictions())] }, take: 2 });
  if (links.length > 1) {
    throw new HopError("AMBIGUOUS_IDENTIFIER", { message: `'${identifier}' matches links on several domains; use the link id or the short URL.` });
  }
  return links[0] ?? null;
}

export async function resolveLink(db: Db, callerId: string, identifier: string, options: ResolveOptions): Promise<Resolved | null> {
  const accounts = [callerId, ...options.teamOwnerIds.filter((id) => id !== callerId)];
  const address = parseShortUrl(identifier);
  if (address) return byAddress(db, accounts, address);
  if (/^https?:/i.test(identifier)) return null;
  const found = await byId(db, accounts, identifier);
  if (found || options.mode === "exact") return found;
  for (const accountId of accounts) {
    const link = await bySlug(db, accountId, identifier);
    if (link) return { link, ownedByCaller: accountId === callerId, matchedBy: "slug" };
  }
  return null;
}
