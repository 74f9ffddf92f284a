import { tunable } from "../config";
import pLimit, { type LimitFunction } from "p-limit";
import { LRUCache } from "lru-cache";
import { Generations } from "../cache/generations";
import { onInvalidate, type Invalidation } from "../cache/invalidation";
import { boundsFromEnv, ENTRY_OVERHEAD_BYTES, TTL_MS, type CacheBounds, type Ttls } from "../cache/limits";
import { readSql } from "../db/open";
import { countOutageAnswer, databaseDown, DatabaseDown, noteDatabaseFailure, onDatabaseBack } from "../db/outage";
import { customHostServesAcrossAccounts } from "../domains/host-serves";
import type { LinkVariant } from "../links/variants";
import { shared } from "../shared";

// Resolved addresses (host + path → link or "no link") and hosts (serves links or not) kept in
// process so a repeat visit makes no database query. Three LRU caches bounded in bytes: links,
// "no such link" and hosts, so a scan of random slugs or Host headers only churns its own small
// cache and never evicts the hot links.
//
// Every write announces what it changed after its commit (lib/cache/invalidation, relayed over
// Redis between instances): the entry is dropped, and the address's generation moves on, so a
// lookup that began before the announcement never stores its (possibly stale) answer. Concurrent
// misses of one address share one query; a visitor arriving after an announcement starts a new one.
// Every entry also expires (lib/cache/limits TTL_MS), the backstop for a lost Redis message.
//
// Past its TTL an entry is kept LINK_STALE_MAX longer, for one case only: the database can't be
// reached (lib/db/outage). Then the last known answer is served rather than a 503, and addresses
// with no entry get the 503 at once, without asking. Announcements still land during an outage: a
// link deleted or switched off leaves a "no such link" entry behind, so it is never served again.
// Entries served stale are read again in the background once the database answers.

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
  /** Milliseconds since the epoch (a number: compared on every visit of the link). */
  expiresAt: number | null;
  expiredUrl: string | null;
  /** Milliseconds since the epoch: before it the link is not live yet. */
  startsAt: number | null;
  /** Counted visits after which the link answers as expired (lib/visit/click-cap.ts). */
  maxClicks: number | null;
  passwordHash: string | null;
  ios: string | null;
  android: string | null;
  /** The A/B test (lib/links/variants.ts), or null. */
  variants: LinkVariant[] | null;
}

const VISIT_LINK_COLUMNS: Array<keyof VisitLink> = [
  "id", "publicId", "accountId", "type", "domain", "slug", "isActive", "destination", "title",
  "description", "behavior", "geoRules", "languageRules", "seo", "alternateBackUrl", "templateId", "data",
  "expiredUrl", "maxClicks", "passwordHash", "ios", "android", "variants",
];
// The stored timestamp is UTC without a zone: its epoch is read as such on both databases.
const FIND_BY_ADDRESS = `SELECT ${VISIT_LINK_COLUMNS.map((c) => `"${c}"`).join(", ")}, (EXTRACT(EPOCH FROM "expiresAt") * 1000)::float8 AS "expiresAt", (EXTRACT(EPOCH FROM "startsAt") * 1000)::float8 AS "startsAt" FROM "Link" WHERE "domain" = $1 AND "slug" = $2`;

/**
 * The one database read of the visitor path, by address across all accounts: through the driver,
 * not Prisma (a quarter of the CPU; a scan of random addresses is made of these).
 */
export async function findLinkByAddressAcrossAccounts(domain: string, slug: string): Promise<VisitLink | null> {
  const [link] = await (await readSql())<VisitLink>(FIND_BY_ADDRESS, [domain, slug]);
  return link ?? null;
}

/** Whether a host that is neither the app's nor a system domain serves links (a custom domain). */
export async function hostServesLinksAcrossAccounts(host: string): Promise<boolean> {
  return customHostServesAcrossAccounts(await readSql(), host);
}

/** Only what an answer reads: a short link never needs page data. */
function keptForAnswer(link: VisitLink): VisitLink {
  return link.type === "website" ? link : { ...link, data: null };
}

const LOOKUP_CONCURRENCY = tunable("VISIT_LOOKUP_CONCURRENCY");

export interface VisitCacheOptions {
  bounds: CacheBounds;
  ttl?: Ttls;
  /** A clock for TTLs (tests). */
  clock?: { now(): number };
  findLink?: (domain: string, slug: string) => Promise<VisitLink | null>;
  findHost?: (host: string) => Promise<boolean>;
  /** Database lookups at once (VISIT_LOOKUP_CONCURRENCY, 8). */
  lookupConcurrency?: number;
  /** How long past its TTL an entry may answer while the database is down (LINK_STALE_MAX; 0: never). */
  staleMs?: number;
  /** Whether the database is known to be down (lib/db/outage). */
  databaseDown?: () => boolean;
}

/** Addresses served stale during an outage, read again once it ends (at most this many). */
const MAX_SERVED_STALE = 10_000;

const addressOf = (domain: string, slug: string) => `${domain}/${slug}`;
const keySize = (_value: unknown, key: string) => key.length + ENTRY_OVERHEAD_BYTES;

export class VisitCache {
  readonly links: LRUCache<string, VisitLink>;
  readonly misses: LRUCache<string, true>;
  readonly hosts: LRUCache<string, boolean>;
  readonly generations = new Generations();
  readonly #ttl: Ttls;
  readonly #findLink: (domain: string, slug: string) => Promise<VisitLink | null>;
  readonly #findHost: (host: string) => Promise<boolean>;
  readonly #linkLookups = new Map<string, Promise<VisitLink | null>>();
  readonly #hostLookups = new Map<string, Promise<boolean>>();
  /** Database reads made (links by address, hosts): the hostile-traffic bench checks one per address. */
  readonly queries = { links: 0, hosts: 0 };
  /** Link lookups answered from the cache (a link or a known miss): /metrics' hit ratio against queries.links. */
  hits = 0;
  /**
   * At most `lookupConcurrency` lookups at once; the rest wait their turn. Misses are what a scan
   * of random addresses is made of: this keeps their database work (and its CPU on this thread)
   * to the lookup limit, so the cached answers keep the process while a flood of new addresses waits.
   */
  readonly #lookupLimit: LimitFunction;
  readonly #now: () => number;
  readonly #staleMs: number;
  readonly #down: () => boolean;
  readonly #servedStale = new Map<string, { host: string } | { domain: string; slug: string }>();
  /** Answers served past their TTL (the outage bench and tests read it). */
  staleAnswers = 0;

  constructor(options: VisitCacheOptions) {
    this.#ttl = options.ttl ?? TTL_MS;
    this.#now = options.clock ? () => options.clock!.now() : Date.now;
    this.#findLink = options.findLink ?? findLinkByAddressAcrossAccounts;
    this.#findHost = options.findHost ?? hostServesLinksAcrossAccounts;
    this.#lookupLimit = pLimit(options.lookupConcurrency ?? LOOKUP_CONCURRENCY);
    this.#staleMs = options.staleMs ?? tunable("LINK_STALE_MAX") * 1000;
    this.#down = options.databaseDown ?? databaseDown;
    const clock = options.clock ? { perf: options.clock, ttlResolution: 0 } : {};
    // The caches' own TTL is the fresh life plus the stale one; which of the two an entry is in, #fresh says.
    this.links = new LRUCache({
      maxSize: options.bounds.linkBytes,
      ttl: this.#ttl.link + this.#staleMs,
      sizeCalculation: (link, key) => JSON.stringify(link).length + key.length + ENTRY_OVERHEAD_BYTES,
      ...clock,
    });
    this.misses = new LRUCache<string, true>({ maxSize: options.bounds.missBytes, ttl: this.#ttl.miss + this.#staleMs, sizeCalculation: keySize, ...clock });
    this.hosts = new LRUCache<string, boolean>({ maxSize: options.bounds.hostBytes, ttl: this.#ttl.host + this.#staleMs, sizeCalculation: keySize, ...clock });
  }

  /** undefined: not cached (ask lookupLink); null: cached as "no such link". */
  cachedLink(domain: string, slug: string): VisitLink | null | undefined {
    const address = addressOf(domain, slug);
    const found = this.#usable(this.links, address) ?? (this.#usable(this.misses, address) ? null : undefined);
    if (found !== undefined) this.hits += 1;
    return found;
  }

  lookupLink(domain: string, slug: string): Promise<VisitLink | null> {
    const cached = this.cachedLink(domain, slug);
    if (cached !== undefined) return Promise.resolve(cached);
    // Nothing kept, and the database known to be away: the 503 at once, not a query that fails.
    if (this.#down()) return Promise.reject(new DatabaseDown());
    const address = addressOf(domain, slug);
    return this.#shared(this.#linkLookups, address, async () => {
      const token = this.generations.begin();
      try {
        const link = await this.#lookupLimit(() => {
          this.queries.links += 1;
          return this.#findLink(domain, slug);
        });
        if (this.generations.unchangedSince(token, `a:${address}`, `d:${domain}`)) this.#rememberLink(address, link);
        return link;
      } catch (error) {
        // The outage's first failed lookup: the entry it would have refreshed answers instead.
        if (!noteDatabaseFailure(error)) throw error;
        const kept = this.links.get(address) ?? (this.misses.get(address) ? null : undefined);
        if (kept === undefined) throw error;
        this.#noteStale(address, { domain, slug });
        return kept;
      } finally {
        this.generations.end();
      }
    });
  }

  cachedHostHasLinks(host: string): boolean | undefined {
    return this.#usable(this.hosts, host);
  }

  hostHasLinks(host: string): Promise<boolean> {
    const cached = this.cachedHostHasLinks(host);
    if (cached !== undefined) return Promise.resolve(cached);
    if (this.#down()) return Promise.reject(new DatabaseDown());
    return this.#shared(this.#hostLookups, host, async () => {
      const token = this.generations.begin();
      try {
        const serves = await this.#lookupLimit(() => {
          this.queries.hosts += 1;
          return this.#findHost(host);
        });
        if (this.generations.unchangedSince(token, `h:${host}`)) this.hosts.set(host, serves, { ttl: (serves ? this.#ttl.host : this.#ttl.hostMiss) + this.#staleMs });
        return serves;
      } catch (error) {
        if (!noteDatabaseFailure(error)) throw error;
        const kept = this.hosts.get(host);
        if (kept === undefined) throw error;
        this.#noteStale(`host:${host}`, { host });
        return kept;
      } finally {
        this.generations.end();
      }
    });
  }

  /**
   * The snapshot's links (lib/visit/link-snapshot), kept as stale from the start: served only
   * while the database is down, read afresh on their first visit once it answers. `age` is how
   * long ago they were read from the database; entries older than LINK_STALE_MAX are not kept.
   */
  adoptStale(links: VisitLink[], hosts: string[], ageMs: number): number {
    const ttl = this.#staleMs - ageMs;
    if (ttl <= 0) return 0;
    let adopted = 0;
    for (const link of links) {
      const address = addressOf(link.domain, link.slug);
      if (this.links.has(address) || this.misses.has(address)) continue;
      // A snapshot written before the schedule, the cap and A/B tests existed has none of these fields.
      this.links.set(address, keptForAnswer({ ...link, startsAt: link.startsAt ?? null, maxClicks: link.maxClicks ?? null, variants: link.variants ?? null }), { ttl });
      adopted += 1;
    }
    for (const host of hosts) if (!this.hosts.has(host)) this.hosts.set(host, true, { ttl });
    return adopted;
  }

  /** The most recently used links worth keeping across a restart, and the custom hosts serving them. */
  hottest(max: number): { links: VisitLink[]; hosts: string[] } {
    const links: VisitLink[] = [];
    const domains = new Set<string>();
    // lru-cache walks from the most recently used; stale entries are not "last known good" any more.
    for (const [address, link] of this.links.entries()) {
      if (links.length >= max) break;
      if (!this.#fresh(this.links, address) || link.passwordHash !== null) continue;
      links.push(link);
      domains.add(link.domain);
    }
    const hosts = [...domains].filter((host) => this.hosts.get(host) === true);
    return { links, hosts };
  }

  /** After an outage: the entries visitors were given stale, read again one at a time. */
  async refreshServedStale(): Promise<void> {
    const served = [...this.#servedStale.values()];
    this.#servedStale.clear();
    for (const entry of served) {
      if (this.#down()) return;
      try {
        if ("host" in entry) await this.hostHasLinks(entry.host);
        else await this.lookupLink(entry.domain, entry.slug);
      } catch {
        // The next visit asks again.
      }
    }
  }

  /** A fresh entry, or a stale one while the database is down (counted); otherwise undefined. */
  #usable<V extends NonNullable<unknown>>(cache: LRUCache<string, V>, key: string): V | undefined {
    const value = cache.get(key);
    if (value === undefined || this.#fresh(cache, key)) return value;
    if (!this.#down()) return undefined;
    // Hosts are names; addresses are `domain/slug`.
    const slash = key.indexOf("/");
    if (slash === -1) this.#noteStale(`host:${key}`, { host: key });
    else this.#noteStale(key, { domain: key.slice(0, slash), slug: key.slice(slash + 1) });
    return value;
  }

  #fresh<V extends NonNullable<unknown>>(cache: LRUCache<string, V>, key: string): boolean {
    return cache.getRemainingTTL(key) > this.#staleMs;
  }

  #noteStale(key: string, entry: { host: string } | { domain: string; slug: string }): void {
    this.staleAnswers += 1;
    countOutageAnswer("staleAnswers");
    if (this.#servedStale.size < MAX_SERVED_STALE) this.#servedStale.set(key, entry);
  }

  invalidate(event: Invalidation): void {
    if (event.kind === "link" || event.kind === "links") {
      const slugs = event.kind === "link" ? [event.slug] : event.slugs;
      const addresses = slugs.map((slug) => addressOf(event.domain, slug));
      this.generations.bump(...addresses.map((address) => `a:${address}`), `h:${event.domain}`);
      for (const address of addresses) {
        this.links.delete(address);
        this.misses.delete(address);
        this.#linkLookups.delete(address);
        // Known to answer 404 now: kept so, through an outage too.
        if (event.gone) this.misses.set(address, true);
      }
    } else if (event.kind === "domain") {
      this.generations.bump(`d:${event.domain}`, `h:${event.domain}`);
      const prefix = `${event.domain}/`;
      for (const map of [this.links, this.misses, this.#linkLookups]) {
        for (const address of [...map.keys()]) if (address.startsWith(prefix)) map.delete(address);
      }
    } else if (event.kind === "everything") {
      this.generations.bumpAll();
      this.links.clear();
      this.misses.clear();
      this.hosts.clear();
      this.#linkLookups.clear();
      this.#hostLookups.clear();
      return;
    } else {
      return;
    }
    this.hosts.delete(event.domain);
    this.#hostLookups.delete(event.domain);
  }

  stats() {
    const of = <V extends NonNullable<unknown>>(cache: LRUCache<string, V>) => ({ entries: cache.size, bytes: cache.calculatedSize, maxBytes: cache.maxSize });
    return { links: of(this.links), misses: of(this.misses), hosts: of(this.hosts), hits: this.hits, staleAnswers: this.staleAnswers, queries: { ...this.queries }, lookupsWaiting: this.#lookupLimit.pendingCount };
  }

  #rememberLink(address: string, link: VisitLink | null): void {
    if (link) {
      this.misses.delete(address);
      // An entry is fresh no longer than the link's expiry (the answer checks the clock on every
      // visit too, so a stale one of an expired link answers as expired).
      const untilExpiry = link.expiresAt === null ? Infinity : link.expiresAt - this.#now();
      this.links.set(address, keptForAnswer(link), untilExpiry > 0 && untilExpiry < this.#ttl.link ? { ttl: Math.ceil(untilExpiry) + this.#staleMs } : undefined);
    } else {
      this.links.delete(address);
      this.misses.set(address, true);
    }
  }

  /** One query per key at a time; the entry is dropped when it settles or when the key is invalidated. */
  #shared<T>(lookups: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const running = lookups.get(key);
    if (running) return running;
    const lookup = load();
    lookups.set(key, lookup);
    const settle = () => {
      if (lookups.get(key) === lookup) lookups.delete(key);
    };
    lookup.then(settle, settle);
    return lookup;
  }
}

function cache(): VisitCache {
  return shared("visitLinkCache", () => {
    const c = new VisitCache({ bounds: boundsFromEnv() });
    onInvalidate((event) => c.invalidate(event));
    onDatabaseBack(() => void c.refreshServedStale());
    return c;
  });
}

export function cachedLink(domain: string, slug: string): VisitLink | null | undefined {
  return cache().cachedLink(domain, slug);
}

export function lookupLink(domain: string, slug: string): Promise<VisitLink | null> {
  return cache().lookupLink(domain, slug);
}

export function cachedHostHasLinks(host: string): boolean | undefined {
  return cache().cachedHostHasLinks(host);
}

export function hostHasLinks(host: string): Promise<boolean> {
  return cache().hostHasLinks(host);
}

/** Entries and estimated bytes of the process's visitor caches (the `cache stats` command). */
export function visitCacheStats() {
  return cache().stats();
}

/** The process's visitor cache (the snapshot reads and fills it). */
export function visitCache(): VisitCache {
  return cache();
}
