import { onInvalidate } from "../cache/invalidation";
import { db } from "../db/open";
import { unsafeCustomHostServes } from "../domains/host-serves";
import { shared } from "../shared";

// Resolved addresses (host + path → link or "no link") kept in process so a repeat visit makes no
// database query. Every write announces what it changed (lib/cache/invalidation, relayed over
// Redis between instances); the matching entries are dropped before the next visit.

export interface VisitLink {
  id: string;
  publicId: string;
  accountId: string;
  type: string;
  domain: string;
  slug: string;
  isActive: boolean;
  destination: string | null;
  title: string | null;
  description: string | null;
  behavior: string;
  geoRules: unknown;
  languageRules: unknown;
  seo: unknown;
  alternateBackUrl: string | null;
  templateId: string | null;
  data: unknown;
}

const MAX_ENTRIES = 100_000;

interface LinkCache {
  byHost: Map<string, Map<string, VisitLink | null>>;
  size: number;
  /** Hosts that own at least one link (custom and system domains), or none. */
  hosts: Map<string, boolean>;
}

function cache(): LinkCache {
  return shared("visitLinkCache", () => {
    const c: LinkCache = { byHost: new Map(), size: 0, hosts: new Map() };
    onInvalidate((event) => {
      if (event.kind === "link") {
        const entries = c.byHost.get(event.domain);
        if (entries?.delete(event.slug)) c.size -= 1;
        c.hosts.delete(event.domain);
      } else if (event.kind === "domain") {
        c.size -= c.byHost.get(event.domain)?.size ?? 0;
        c.byHost.delete(event.domain);
        c.hosts.delete(event.domain);
      }
    });
    return c;
  });
}

/** undefined: not cached (ask lookupLink); null: cached as "no such link". */
export function cachedLink(domain: string, slug: string): VisitLink | null | undefined {
  return cache().byHost.get(domain)?.get(slug);
}

function remember(domain: string, slug: string, link: VisitLink | null): void {
  const c = cache();
  if (c.size >= MAX_ENTRIES) {
    c.byHost.clear();
    c.size = 0;
  }
  let entries = c.byHost.get(domain);
  if (!entries) c.byHost.set(domain, (entries = new Map()));
  if (!entries.has(slug)) c.size += 1;
  entries.set(slug, link);
}

/** The one database read of the visitor path, by address across all accounts. */
export async function unsafeFindLinkByAddress(domain: string, slug: string): Promise<VisitLink | null> {
  const client = await db();
  return client.link.findUnique({
    where: { domain_slug: { domain, slug } },
    select: {
      id: true, publicId: true, accountId: true, type: true, domain: true, slug: true, isActive: true, destination: true, title: true,
      description: true, behavior: true, geoRules: true, languageRules: true, seo: true, alternateBackUrl: true, templateId: true, data: true,
    },
  });
}

export async function lookupLink(domain: string, slug: string): Promise<VisitLink | null> {
  const cached = cachedLink(domain, slug);
  if (cached !== undefined) return cached;
  const link = await unsafeFindLinkByAddress(domain, slug);
  remember(domain, slug, link);
  return link;
}

/** Whether a host that is neither the app's nor a system domain serves links (a custom domain). */
export function cachedHostHasLinks(host: string): boolean | undefined {
  return cache().hosts.get(host);
}

export async function hostHasLinks(host: string): Promise<boolean> {
  const cached = cachedHostHasLinks(host);
  if (cached !== undefined) return cached;
  const serves = await unsafeCustomHostServes(await db(), host);
  const c = cache();
  if (c.hosts.size >= 10_000) c.hosts.clear();
  c.hosts.set(host, serves);
  return serves;
}
