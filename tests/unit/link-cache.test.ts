import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// The visitor caches against a real database: bounds in bytes per kind of entry, LRU order, TTLs,
// and the generation check that keeps a lookup racing an invalidation from storing its answer.

type LinkCacheModule = typeof import("../../lib/visit/link-cache");
type VisitLink = import("../../lib/visit/link-cache").VisitLink;

let env: Awaited<ReturnType<typeof openTestDb>>;
let mod: LinkCacheModule;
let announce: typeof import("../../lib/cache/invalidation").announce;
let onInvalidate: typeof import("../../lib/cache/invalidation").onInvalidate;
let primary: string;
let caller: { id: string; plan: string; limitOverrides: unknown };

before(async () => {
  env = await openTestDb();
  mod = await import("../../lib/visit/link-cache");
  ({ announce, onInvalidate } = await import("../../lib/cache/invalidation"));
  primary = (await import("../../lib/config")).config().primaryDomain;
  const { createAccount } = await import("../../lib/accounts/create-account");
  const account = await createAccount(env.db, { email: "cache@example.test", plan: "growth" });
  caller = { id: account.id, plan: "growth", limitOverrides: null };
});
after(() => env.close());

async function createLink(slug: string, extra: { description?: string } = {}) {
  const { createLink } = await import("../../lib/links/create-link");
  return createLink(env.db, caller, { url: `https://example.com/${slug}`, slug, ...extra });
}

const TTL = { link: 60_000, miss: 10_000, host: 60_000, hostMiss: 10_000, apiKey: 60_000 };
const BIG = { linkBytes: 1 << 20, missBytes: 1 << 20, hostBytes: 1 << 20 };

function newCache(options: Partial<ConstructorParameters<LinkCacheModule["VisitCache"]>[0]> = {}) {
  const cache = new mod.VisitCache({ bounds: BIG, ttl: TTL, ...options });
  const stop = onInvalidate((event) => cache.invalidate(event));
  return { cache, stop };
}

/** A finder that answers only when released: the test decides when the database read "returns". */
function gatedFinder() {
  const waiting: Array<() => void> = [];
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    find: async (domain: string, slug: string): Promise<VisitLink | null> => {
      calls += 1;
      const answer = await mod.findLinkByAddressAcrossAccounts(domain, slug);
      await new Promise<void>((resolve) => waiting.push(resolve));
      return answer;
    },
    releaseAll: () => waiting.splice(0).forEach((release) => release()),
    pending: () => waiting.length,
  };
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 500 && !condition(); i += 1) await new Promise((r) => setTimeout(r, 5));
  assert.ok(condition(), "condition not reached");
}

describe("generations: a lookup racing an invalidation stores nothing", () => {
  test("a miss read before a create is answered to its own visitor but never cached; the next visit sees the link", async () => {
    const gate = gatedFinder();
    const { cache, stop } = newCache({ findLink: gate.find });
    const slug = `race-${randomBytes(3).toString("hex")}`;
    const early = cache.lookupLink(primary, slug);
    await until(() => gate.pending() === 1); // the read has run: no such link yet
    await createLink(slug); // commits, then announces
    gate.releaseAll();
    assert.equal(await early, null, "the visitor who asked before the create gets the old answer");
    assert.equal(cache.cachedLink(primary, slug), undefined, "…but it is not kept");
    const next = cache.lookupLink(primary, slug);
    await until(() => gate.pending() === 1);
    gate.releaseAll();
    assert.equal((await next)?.destination, `https://example.com/${slug}`);
    assert.equal(cache.cachedLink(primary, slug)?.slug, slug, "the fresh answer is kept");
    stop();
  });

  test("a visitor arriving after the announcement does not join the lookup begun before it", async () => {
    const gate = gatedFinder();
    const { cache, stop } = newCache({ findLink: gate.find });
    const slug = `join-${randomBytes(3).toString("hex")}`;
    const early = cache.lookupLink(primary, slug);
    const alongside = cache.lookupLink(primary, slug);
    assert.equal(early, alongside, "concurrent misses of one address share one read");
    await until(() => gate.pending() === 1);
    await createLink(slug);
    const late = cache.lookupLink(primary, slug);
    assert.notEqual(late, early);
    await until(() => gate.pending() === 2);
    gate.releaseAll();
    assert.equal(await early, null);
    assert.equal((await late)?.slug, slug);
    assert.equal(gate.calls, 2);
    stop();
  });

  test("a deactivation racing a read of the active link: the active answer is not kept", async () => {
    const gate = gatedFinder();
    const { cache, stop } = newCache({ findLink: gate.find });
    const slug = `off-${randomBytes(3).toString("hex")}`;
    const link = await createLink(slug);
    const early = cache.lookupLink(primary, slug);
    await until(() => gate.pending() === 1);
    const { setLinkStatus } = await import("../../lib/links/set-link-status");
    await setLinkStatus(env.db, link, false);
    gate.releaseAll();
    assert.equal((await early)?.isActive, true);
    assert.equal(cache.cachedLink(primary, slug), null, "the deactivation's announcement is kept (a 404), not the racing read's active answer");
    stop();
  });

  test("a domain announcement stops every lookup on that domain and drops its entries", async () => {
    const gate = gatedFinder();
    const { cache, stop } = newCache({ findLink: gate.find });
    const domain = `brand-${randomBytes(3).toString("hex")}.example`;
    const cachedFirst = cache.lookupLink(domain, "kept");
    await until(() => gate.pending() === 1);
    gate.releaseAll();
    await cachedFirst;
    assert.equal(cache.cachedLink(domain, "kept"), null);
    const racing = cache.lookupLink(domain, "racing");
    await until(() => gate.pending() === 1);
    await announce({ kind: "domain", domain });
    gate.releaseAll();
    await racing;
    assert.equal(cache.cachedLink(domain, "kept"), undefined, "entries of the domain dropped");
    assert.equal(cache.cachedLink(domain, "racing"), undefined, "the racing lookup did not store");
    stop();
  });

  test("a host lookup racing a link created on that host is not kept", async () => {
    let release!: () => void;
    const { cache, stop } = newCache({
      findHost: async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return false;
      },
    });
    const host = `scan-${randomBytes(3).toString("hex")}.example`;
    const early = cache.hostHasLinks(host);
    await until(() => release !== undefined);
    await announce({ kind: "link", domain: host, slug: "x" });
    release();
    assert.equal(await early, false);
    assert.equal(cache.cachedHostHasLinks(host), undefined);
    stop();
  });

  test("an API key read racing its revocation is not kept; a read after it is", async () => {
    const { AuthCache } = await import("../../lib/keys/auth-cache");
    const { createKey } = await import("../../lib/keys/create-key");
    const { hashKey } = await import("../../lib/keys/key-format");
    const { findKeyByHashAcrossAccounts } = await import("../../lib/keys/find-key");
    const { revokeKey } = await import("../../lib/keys/revoke-key");
    const cache = new AuthCache();
    const stop = onInvalidate((event) => cache.invalidate(event));
    const created = await createKey(env.db, caller.id, { name: "race", role: "full" });
    const hash = hashKey(created.key);
    let release!: () => void;
    const early = cache.find(hash, async (h) => {
      const key = await findKeyByHashAcrossAccounts(env.db, h);
      await new Promise<void>((resolve) => (release = resolve));
      return key;
    });
    await until(() => release !== undefined);
    await revokeKey(env.db, caller.id, created.id);
    release();
    assert.equal((await early)?.revokedAt, null, "read before the revocation");
    assert.equal(cache.byHash.size, 0, "not kept");
    const after = await cache.find(hash, (h) => findKeyByHashAcrossAccounts(env.db, h));
    assert.ok(after?.revokedAt, "the next request reads the revocation");
    stop();
  });
});

describe("bounds in bytes and LRU order", () => {
  test("a scan of random slugs and random hosts fills only its own small caches: the hot links stay", async () => {
    const hot = await Promise.all(["hot-a", "hot-b", "hot-c"].map((slug) => createLink(`${slug}-${randomBytes(2).toString("hex")}`)));
    let hostReads = 0;
    const { cache, stop } = newCache({
      bounds: { linkBytes: 64 * 1024, missBytes: 8 * 1024, hostBytes: 4 * 1024 },
      findHost: async () => {
        hostReads += 1;
        return false;
      },
    });
    for (const link of hot) await cache.lookupLink(primary, link.slug);
    for (let i = 0; i < 300; i += 1) {
      await cache.lookupLink(primary, `scan-${i}-${randomBytes(4).toString("hex")}`);
      await cache.hostHasLinks(`h${i}-${randomBytes(4).toString("hex")}.example`);
    }
    const stats = cache.stats();
    for (const link of hot) assert.equal(cache.cachedLink(primary, link.slug)?.id, link.id, "hot link survived the scan");
    assert.ok(stats.misses.bytes <= 8 * 1024, `misses ${stats.misses.bytes} bytes`);
    assert.ok(stats.misses.entries < 300, "older misses were evicted");
    assert.ok(stats.hosts.bytes <= 4 * 1024, `hosts ${stats.hosts.bytes} bytes`);
    assert.equal(hostReads, 300);
    stop();
  });

  test("links are evicted least recently used first, within the byte bound", async () => {
    const links = [];
    for (let i = 0; i < 6; i += 1) links.push(await createLink(`lru-${i}-${randomBytes(2).toString("hex")}`, { description: "d".repeat(1500) }));
    const { cache, stop } = newCache({ bounds: { linkBytes: 9_500, missBytes: 1024, hostBytes: 1024 } });
    await cache.lookupLink(primary, links[0].slug);
    const oneEntry = cache.stats().links.bytes;
    assert.ok(oneEntry > 1500 && oneEntry < 2500, `an entry is estimated from its JSON (${oneEntry})`);
    for (const link of links.slice(1, 4)) await cache.lookupLink(primary, link.slug); // four entries ≈ 8.4 KB
    assert.ok(cache.cachedLink(primary, links[0].slug), "touch the oldest: now the most recent");
    await cache.lookupLink(primary, links[4].slug);
    assert.ok(cache.stats().links.bytes <= 9_500);
    assert.equal(cache.cachedLink(primary, links[1].slug), undefined, "the least recently used went first");
    assert.ok(cache.cachedLink(primary, links[0].slug), "the touched one stayed");
    assert.ok(cache.cachedLink(primary, links[4].slug));
    stop();
  });

  test("a short link keeps no page data", async () => {
    const link = await createLink(`lean-${randomBytes(2).toString("hex")}`);
    await env.db.link.update({ where: { id: link.id }, data: { data: { huge: "x".repeat(10_000) } } });
    const { cache, stop } = newCache();
    await cache.lookupLink(primary, link.slug);
    assert.equal(cache.cachedLink(primary, link.slug)?.data, null);
    assert.ok(cache.stats().links.bytes < 2000);
    stop();
  });
});

describe("TTL: the backstop for a lost announcement", () => {
  test("'no such link' expires after 10 s, a link after 60 s, a host after 60 s (10 s when it serves nothing)", async () => {
    let now = 1_000;
    const clock = { now: () => now };
    let reads = 0;
    const { cache, stop } = newCache({
      clock,
      findLink: (domain, slug) => {
        reads += 1;
        return mod.findLinkByAddressAcrossAccounts(domain, slug);
      },
      findHost: async (host) => host.startsWith("serves"),
    });
    const present = await createLink(`ttl-${randomBytes(2).toString("hex")}`);
    const missing = `ttl-missing-${randomBytes(2).toString("hex")}`;
    await cache.lookupLink(primary, missing);
    await cache.lookupLink(primary, present.slug);
    await cache.hostHasLinks("serves.example");
    await cache.hostHasLinks("empty.example");
    assert.equal(reads, 2);
    now += 9_000;
    assert.equal(cache.cachedLink(primary, missing), null);
    assert.equal(cache.cachedHostHasLinks("empty.example"), false);
    now += 2_000;
    assert.equal(cache.cachedLink(primary, missing), undefined, "the miss expired");
    assert.equal(cache.cachedHostHasLinks("empty.example"), undefined);
    assert.ok(cache.cachedLink(primary, present.slug), "the link lives on");
    assert.equal(cache.cachedHostHasLinks("serves.example"), true);
    // A scan costs at most one read per address per TTL.
    for (let i = 0; i < 5; i += 1) await cache.lookupLink(primary, missing);
    assert.equal(reads, 3);
    now += 50_000;
    assert.equal(cache.cachedLink(primary, present.slug), undefined, "the link expired after 60 s");
    assert.equal(cache.cachedHostHasLinks("serves.example"), undefined);
    stop();
  });

  test("a link's entry never outlives its expiresAt (read as milliseconds on both databases)", async () => {
    const start = Date.now();
    let now = start;
    const { cache, stop } = newCache({ clock: { now: () => now } });
    const expiresAt = new Date(start + 30_000);
    const { createLink } = await import("../../lib/links/create-link");
    const link = await createLink(env.db, caller, { url: "https://example.com/soon", slug: `ends-${randomBytes(2).toString("hex")}`, expiresAt: expiresAt.toISOString() });
    const read = await cache.lookupLink(primary, link.slug);
    assert.equal(read?.expiresAt, expiresAt.getTime());
    now = start + 29_000;
    assert.ok(cache.cachedLink(primary, link.slug), "cached until its expiry");
    now = start + 31_000;
    assert.equal(cache.cachedLink(primary, link.slug), undefined, "gone at its expiry, long before the 60 s TTL");
    stop();
  });

  test("an API key is read again after 60 s", async () => {
    const { AuthCache } = await import("../../lib/keys/auth-cache");
    let now = 1_000; // lru-cache reads a start time of 0 as "no TTL"
    const cache = new AuthCache({ clock: { now: () => now } });
    let reads = 0;
    const key = { id: "key_1", revokedAt: null, account: { id: caller.id } } as never;
    const read = async () => {
      reads += 1;
      return key;
    };
    await cache.find("h", read);
    now += 59_000;
    await cache.find("h", read);
    assert.equal(reads, 1);
    now += 2_000;
    await cache.find("h", read);
    assert.equal(reads, 2);
  });
});

describe("a database outage: the last known answer", () => {
  const DAY = 24 * 60 * 60_000;
  const unreachable = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

  test("past its TTL an entry answers only while the database is down, and only for LINK_STALE_MAX", async () => {
    let now = 1_000;
    let down = false;
    const { cache, stop } = newCache({ clock: { now: () => now }, staleMs: DAY, databaseDown: () => down });
    const link = await createLink(`stale-${randomBytes(2).toString("hex")}`);
    await cache.lookupLink(primary, link.slug);
    now += 61_000;
    assert.equal(cache.cachedLink(primary, link.slug), undefined, "the database answers: read it again");
    down = true;
    assert.equal(cache.cachedLink(primary, link.slug)?.destination, link.destination, "down: the last known answer");
    assert.equal(cache.stats().staleAnswers, 1);
    now += DAY;
    assert.equal(cache.cachedLink(primary, link.slug), undefined, "not past LINK_STALE_MAX");
    stop();
  });

  test("the first failed lookup of the outage answers with the entry it would have refreshed; an unknown address is refused without a query", async () => {
    let now = 1_000;
    let failing = false;
    let reads = 0;
    let down = false;
    const { cache, stop } = newCache({
      clock: { now: () => now },
      staleMs: DAY,
      databaseDown: () => down,
      findLink: async (domain, slug) => {
        reads += 1;
        if (failing) throw unreachable();
        return mod.findLinkByAddressAcrossAccounts(domain, slug);
      },
    });
    const link = await createLink(`first-${randomBytes(2).toString("hex")}`);
    await cache.lookupLink(primary, link.slug);
    now += 61_000;
    failing = true;
    assert.equal((await cache.lookupLink(primary, link.slug))?.id, link.id);
    await assert.rejects(cache.lookupLink(primary, "never-seen-address"), /ECONNREFUSED/);
    down = true;
    const before = reads;
    await assert.rejects(cache.lookupLink(primary, "never-seen-either"), (error: Error) => error.constructor.name === "DatabaseDown");
    assert.equal(reads, before, "no query while the database is known to be down");
    stop();
  });

  test("a link deleted or switched off is never served stale: the announcement leaves a 404 behind", async () => {
    let now = 1_000;
    let down = false;
    const { cache, stop } = newCache({ clock: { now: () => now }, staleMs: DAY, databaseDown: () => down });
    const link = await createLink(`tomb-${randomBytes(2).toString("hex")}`);
    // Switched off with others at once (a bulk update's slice): the same.
    const [kept, off] = await Promise.all([createLink(`tomb-${randomBytes(2).toString("hex")}`), createLink(`tomb-${randomBytes(2).toString("hex")}`)]);
    for (const one of [link, kept, off]) await cache.lookupLink(primary, one.slug);
    await announce({ kind: "link", domain: primary, slug: link.slug, gone: true });
    await announce({ kind: "links", domain: primary, slugs: [off.slug], gone: true });
    down = true;
    now += 10 * 60_000;
    assert.equal(cache.cachedLink(primary, link.slug), null, "404, ten minutes into an outage");
    assert.equal(cache.cachedLink(primary, off.slug), null, "404 too");
    assert.equal(cache.cachedLink(primary, kept.slug)?.id, kept.id, "the one still on answers from its entry");
    stop();
  });

  test("LINK_STALE_MAX=0 turns it off; an expired link stays expired whatever the entry", async () => {
    let now = Date.now();
    let down = false;
    const off = newCache({ clock: { now: () => now }, staleMs: 0, databaseDown: () => down });
    const link = await createLink(`off-${randomBytes(2).toString("hex")}`);
    await off.cache.lookupLink(primary, link.slug);
    down = true;
    now += 61_000;
    assert.equal(off.cache.cachedLink(primary, link.slug), undefined);
    off.stop();
    // The answer checks expiresAt on every visit (lib/visit/answer-visit): a stale entry carries it.
    now = Date.now();
    down = false;
    const on = newCache({ clock: { now: () => now }, staleMs: DAY, databaseDown: () => down });
    const { createLink: create } = await import("../../lib/links/create-link");
    const soon = await create(env.db, caller, { url: "https://example.com/soon", slug: `soon-${randomBytes(2).toString("hex")}`, expiresAt: new Date(now + 5_000).toISOString() });
    await on.cache.lookupLink(primary, soon.slug);
    down = true;
    now += 6_000;
    assert.equal(on.cache.cachedLink(primary, soon.slug)?.expiresAt, new Date(soon.expiresAt!).getTime());
    on.stop();
  });

  test("the snapshot's links: the hottest fresh ones without passwords, adopted as stale", async () => {
    let down = false;
    const first = newCache({ staleMs: DAY, databaseDown: () => down });
    const plain = await createLink(`hot-${randomBytes(2).toString("hex")}`);
    const { createLink: create } = await import("../../lib/links/create-link");
    const guarded = await create(env.db, caller, { url: "https://example.com/p", slug: `pw-${randomBytes(2).toString("hex")}`, password: "open sesame" });
    await first.cache.lookupLink(primary, plain.slug);
    await first.cache.lookupLink(primary, guarded.slug);
    const { links } = first.cache.hottest(10);
    assert.deepEqual(links.map((l) => l.slug), [plain.slug], "no password hash leaves the cache");
    first.stop();
    const second = newCache({ staleMs: DAY, databaseDown: () => down });
    assert.equal(second.cache.adoptStale(links, [], 60_000), 1);
    assert.equal(second.cache.cachedLink(primary, plain.slug), undefined, "adopted as stale: read afresh while the database answers");
    down = true;
    assert.equal(second.cache.cachedLink(primary, plain.slug)?.id, plain.id);
    assert.equal(second.cache.adoptStale(links, [], DAY + 1), 0, "older than LINK_STALE_MAX: nothing");
    second.stop();
  });
});

describe("the lookup lane", () => {
  test("at most lookupConcurrency database lookups at once; the others wait, then each gets its own answer", async () => {
    for (const slug of ["lane-0", "lane-1", "lane-2", "lane-3", "lane-4"]) await createLink(slug);
    const gate = gatedFinder();
    const { cache, stop } = newCache({ findLink: gate.find, lookupConcurrency: 2, databaseDown: () => false });
    try {
      let settled = 0;
      const answers = [0, 1, 2, 3, 4].map((i) => cache.lookupLink(primary, `lane-${i}`).finally(() => (settled += 1)));
      await until(() => gate.pending() === 2);
      assert.equal(gate.calls, 2, "two lookups reached the database");
      assert.equal(cache.stats().lookupsWaiting, 3, "three wait their turn");
      // Until every answer is in: a lookup counts as a call before its read returns, so "five
      // calls, none pending" can hold while the last reads are still on their way.
      while (settled < 5) {
        gate.releaseAll();
        await new Promise((r) => setImmediate(r));
        assert.ok(gate.pending() <= 2, "never more than two at once");
      }
      const found = await Promise.all(answers);
      assert.deepEqual(found.map((link) => link?.slug), ["lane-0", "lane-1", "lane-2", "lane-3", "lane-4"]);
      assert.equal(cache.stats().lookupsWaiting, 0);
    } finally {
      stop();
    }
  });
});
