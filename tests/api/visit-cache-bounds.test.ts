import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";
import { PRIMARY, visit } from "../helpers/visit";

// Large bio pages are kept within the configured byte bound: the least recently visited are
// evicted instead of the heap growing with every page visited. The server's own caches are read
// through the loopback admin endpoint (`npm run cli -- cache stats`).

const BOUND = 1_500_000;

/** ~420 KB of editor data: 80 text blocks of 5,000 characters (the API's per-block limit). */
const largePage = (slug: string) => ({
  websiteId: slug,
  templateId: "simple-stack-v2",
  customSlug: slug,
  data: {
    profile: { name: `Page ${slug}` },
    links: Array.from({ length: 80 }, (_, i) => ({ type: "text", id: `b${i}`, title: `Block ${i}`, text: `${slug} `.repeat(1000).slice(0, 5000) })),
  },
});

interface Stats {
  visit: Record<"links" | "misses" | "hosts", { entries: number; bytes: number; maxBytes: number }>;
}

describe("visitor caches are bounded in bytes", () => {
  let server: HopServer;
  let account: TestAccount;
  before(async () => {
    server = await startServer({ env: { VISIT_CACHE_MAX_BYTES: String(BOUND), VISIT_CACHE_MISS_MAX_BYTES: "20000", VISIT_CACHE_HOST_MAX_BYTES: "16384" } });
    account = await createAccount(server);
  });
  after(() => server.stop());

  test("visiting eight large pages keeps the links cache under its bound; the latest pages stay cached", async () => {
    const slugs = Array.from({ length: 8 }, (_, i) => `big-page-${i}-${Date.now().toString(36)}`);
    for (const slug of slugs) {
      const published = await api(server, "POST", "/v1/websites", { key: account.key, body: largePage(slug) });
      assert.equal(published.status, 201, published.text);
    }
    for (const slug of slugs) {
      const page = await visit(server, PRIMARY, `/${slug}`);
      assert.equal(page.status, 200);
      assert.ok(page.body.includes(`Page ${slug}`));
    }
    const { visit: caches } = (await admin(server, "cache", "stats")) as unknown as Stats;
    assert.equal(caches.links.maxBytes, BOUND, "the bound comes from VISIT_CACHE_MAX_BYTES");
    assert.ok(caches.links.bytes <= BOUND, `links cache holds ${caches.links.bytes} bytes`);
    assert.ok(caches.links.bytes > 400_000, "a page's size is estimated from its data");
    assert.ok(caches.links.entries >= 2 && caches.links.entries < slugs.length, `${caches.links.entries} pages kept of ${slugs.length}`);

    for (let i = 0; i < 100; i += 1) await visit(server, PRIMARY, `/no-such-${i}-${Date.now().toString(36)}`);
    for (let i = 0; i < 80; i += 1) await visit(server, `scan-${i}.example`, "/");
    const after = ((await admin(server, "cache", "stats")) as unknown as Stats).visit;
    assert.ok(after.misses.bytes <= 20_000 && after.hosts.bytes <= 16_384, JSON.stringify(after));
    assert.equal(after.links.entries, caches.links.entries, "a scan of random slugs and hosts evicts no page");
  });
});
