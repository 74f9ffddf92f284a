import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, createAccount, linkAnalyticsWhen, type TestAccount } from "../helpers/api";
import { type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";
import { PRIMARY, visit } from "../helpers/visit";

// A link's A/B test (docs/links.md "A/B tests", docs/redirect-behaviors.md "A/B tests"): 2–4
// variants with weights adding up to 100; each visitor (address network and agent, no cookie)
// gets one and keeps it; views are counted per variant; promoting a variant ends the test.
// Behind TRUST_PROXY=true the test's loopback peer is the proxy and X-Forwarded-For the visitor.

const A = "https://example.com/a";
const B = "https://example.com/b";
const C = "https://example.com/c";
const split = (weights: number[], urls = [A, B, C, "https://example.com/d", "https://example.com/e"]) => weights.map((weight, i) => ({ url: urls[i], weight }));
/** The error body's code and field, nested (`{ error: { … } }`) or flat. */
const problem = (body: any): [string, string] => (body.error && typeof body.error === "object" ? [body.error.code, body.error.field] : [body.code, body.field]);

describe("A/B variants", () => {
  let server: HopServer;
  let account: TestAccount;
  let other: TestAccount;
  const from = (address: string, path: string, headers: Record<string, string> = {}) => visit(server, PRIMARY, path, { headers: { "x-forwarded-for": address, ...headers } });
  const create = (body: Record<string, unknown>, key = account.key) => api(server, "POST", "/v1/links", { key, body });

  before(async () => {
    server = await sharedServer({ env: { TRUST_PROXY: "true" } });
    account = await createAccount(server);
    other = await createAccount(server);
  });
  after(() => server.stop());

  test("variants are stored normalised and answered on every link object; absent means null", async () => {
    const made = await create({ url: "https://example.com/main", slug: "ab-store", variants: [{ url: " https://Example.com/a ", weight: 60 }, { url: B, weight: 40 }] });
    assert.equal(made.status, 201, made.text);
    assert.deepEqual(made.body.data.variants, [{ url: A, weight: 60 }, { url: B, weight: 40 }]);
    const got = await api(server, "GET", "/v1/links/ab-store", { key: account.key });
    assert.deepEqual(got.body.data.variants, [{ url: A, weight: 60 }, { url: B, weight: 40 }]);
    const listed = await api(server, "GET", "/v1/links?search=ab-store", { key: account.key });
    assert.deepEqual(listed.body.data[0].variants, [{ url: A, weight: 60 }, { url: B, weight: 40 }]);
    const plain = await create({ url: "https://example.com/main", slug: "ab-none" });
    assert.equal(plain.body.data.variants, null);
  });

  test("refused: weights not adding up to 100, 1 or 5 variants, a bad URL, a weight out of range — each naming its field", async () => {
    const cases: Array<[unknown, string, string]> = [
      [split([50, 40]), "invalid_request", "variants"],
      [split([60, 50]), "invalid_request", "variants"],
      [split([50]), "invalid_request", "variants"],
      [split([20, 20, 20, 20, 20]), "invalid_request", "variants"],
      [[{ url: A, weight: 50 }, { url: "ftp://example.com/b", weight: 50 }], "INVALID_DESTINATION_URL", "variants[1].url"],
      [[{ url: A, weight: 50 }, { url: "not a url", weight: 50 }], "INVALID_DESTINATION_URL", "variants[1].url"],
      [[{ url: A, weight: 0 }, { url: B, weight: 100 }], "invalid_request", "variants[0].weight"],
      [[{ url: A, weight: 50.5 }, { url: B, weight: 49.5 }], "invalid_request", "variants[0].weight"],
      [[{ url: A, weight: 50 }, { url: "https://bit.ly/x", weight: 50 }], "BLOCKED_BOUNCY_DESTINATION", "variants[1].url"],
      [[{ url: A, weight: 50 }, { url: "http://localhost:3000/ab-loop", weight: 50 }], "INVALID_DESTINATION_URL", "variants[1].url"],
      ["half and half", "invalid_request", "variants"],
    ];
    for (const [variants, code, field] of cases) {
      const res = await create({ url: "https://example.com/main", slug: "ab-loop", variants });
      assert.equal(res.status, 400, `${JSON.stringify(variants)}: ${res.text}`);
      assert.deepEqual(problem(res.body), [code, field], JSON.stringify(variants));
    }
    assert.equal((await create({ url: "https://example.com/main", slug: "ab-put" })).status, 201);
    const put = await api(server, "PUT", "/v1/links/ab-put", { key: account.key, body: { variants: split([30, 30]) } });
    assert.equal(put.status, 400);
    assert.deepEqual([put.body.error, put.body.field], ["Bad Request", "variants"]);
    const bulk = await api(server, "POST", "/v1/links/bulk", {
      key: account.key,
      body: { links: [{ url: "https://example.com/main", slug: "ab-bulk-ok", variants: split([50, 50]) }, { url: "https://example.com/main", slug: "ab-bulk-bad", variants: split([50]) }] },
    });
    assert.equal(bulk.status, 200, bulk.text);
    assert.deepEqual(bulk.body.results.successful.map((l: any) => [l.slug, l.variants]), [["ab-bulk-ok", split([50, 50])]]);
    assert.deepEqual(bulk.body.results.failed.map((f: any) => [f.slug, f.error.code]), [["ab-bulk-bad", "invalid_request"]]);
  });

  test("the same visitor keeps a variant on repeated visits; different visitors spread by weight; rules still win", async () => {
    assert.equal((await create({ url: "https://example.com/main", slug: "ab-visit", variants: split([70, 30]), geoRules: [{ countries: ["FR"], redirectUrl: "https://example.com/fr" }] })).status, 201);
    for (let i = 0; i < 20; i += 1) {
      const first = (await from(`198.51.${i}.10`, "/ab-visit")).headers.location;
      for (let again = 0; again < 3; again += 1) assert.equal((await from(`198.51.${i}.10`, "/ab-visit")).headers.location, first, `visitor ${i}`);
    }
    const counts: Record<string, number> = {};
    for (let i = 0; i < 200; i += 1) {
      const res = await from(`203.${i}.7.1`, "/ab-visit");
      assert.equal(res.status, 302);
      counts[res.headers.location!] = (counts[res.headers.location!] ?? 0) + 1;
    }
    assert.deepEqual(Object.keys(counts).sort(), [A, B]);
    // 200 visitors at 70/30: the first's share lies within 10 points (three standard deviations).
    assert.ok(Math.abs(counts[A] / 2 - 70) <= 10, JSON.stringify(counts));
    assert.equal((await from("198.51.1.10", "/ab-visit", { "cf-ipcountry": "FR" })).headers.location, "https://example.com/fr");
    assert.equal((await from("198.51.1.10", "/ab-visit?utm_source=x")).headers.location?.endsWith("?utm_source=x"), true);
  });

  test("analytics count views per variant; a link without a test answers variantStats null", async () => {
    assert.equal((await create({ url: "https://example.com/main", slug: "ab-stats", variants: split([50, 25, 25]) })).status, 201);
    const sent: Record<string, number> = { [A]: 0, [B]: 0, [C]: 0 };
    for (let i = 0; i < 30; i += 1) sent[(await from(`192.0.${i}.5`, "/ab-stats")).headers.location!] += 1;
    // A visitor a geo rule would send elsewhere is not here (no rule): every view is some variant's.
    const body = await linkAnalyticsWhen(server, account.key, "ab-stats", (b) => b.totalViews >= 30 && (b.variantStats ?? []).reduce((s: number, v: any) => s + v.views, 0) >= 30);
    assert.equal(body.totalViews, 30);
    assert.deepEqual(body.variantStats, [
      { index: 0, url: A, weight: 50, views: sent[A] },
      { index: 1, url: B, weight: 25, views: sent[B] },
      { index: 2, url: C, weight: 25, views: sent[C] },
    ]);
    const plain = await api(server, "GET", "/v1/analytics/links/ab-none?timeframe=last_7_days", { key: account.key });
    assert.equal(plain.status, 200);
    assert.equal(plain.body.variantStats, null);
  });

  test("PUT sets and clears a test; visitors follow at once", async () => {
    assert.equal((await create({ url: "https://example.com/main", slug: "ab-switch" })).status, 201);
    const set = await api(server, "PUT", "/v1/links/ab-switch", { key: account.key, body: { variants: [{ url: A, weight: 1 }, { url: B, weight: 99 }] } });
    assert.deepEqual([set.status, set.body.updatedFields], [200, ["variants"]]);
    const seen = new Set<string>();
    for (let i = 0; i < 10; i += 1) seen.add((await from(`100.64.${i}.1`, "/ab-switch")).headers.location!);
    assert.ok(seen.has(B) && !seen.has("https://example.com/main"), [...seen].join());
    const cleared = await api(server, "PUT", "/v1/links/ab-switch", { key: account.key, body: { variants: null } });
    assert.deepEqual(cleared.body.updatedFields, ["variants"]);
    assert.equal((await api(server, "GET", "/v1/links/ab-switch", { key: account.key })).body.data.variants, null);
    assert.equal((await from("100.64.1.1", "/ab-switch")).headers.location, "https://example.com/main");
  });

  test("promote makes a variant the destination, ends the test and is audited", async () => {
    assert.equal((await create({ url: "https://example.com/main", slug: "ab-promote", variants: split([50, 50]) })).status, 201);
    const missing = await api(server, "POST", "/v1/links/ab-promote/variants/2/promote", { key: account.key });
    assert.deepEqual([missing.status, missing.body.error.code], [404, "variant_not_found"]);
    const garbage = await api(server, "POST", "/v1/links/ab-promote/variants/first/promote", { key: account.key });
    assert.deepEqual([garbage.status, garbage.body.error.code], [404, "variant_not_found"]);
    const promoted = await api(server, "POST", "/v1/links/ab-promote/variants/1/promote", { key: account.key });
    assert.equal(promoted.status, 200, promoted.text);
    assert.deepEqual([promoted.body.data.destination, promoted.body.data.variants], [B, null]);
    for (let i = 0; i < 5; i += 1) assert.equal((await from(`100.65.${i}.1`, "/ab-promote")).headers.location, B);
    const again = await api(server, "POST", "/v1/links/ab-promote/variants/0/promote", { key: account.key });
    assert.deepEqual([again.status, again.body.error.code], [404, "variant_not_found"]);
    const log = await api(server, "GET", "/v1/audit-log?limit=100", { key: account.key });
    assert.equal(log.status, 200, log.text);
    const entry = (log.body.data as any[]).find((e) => e.action === "link.updated" && JSON.stringify(e).includes("promotedVariant"));
    assert.ok(entry, JSON.stringify(log.body.data.map((e: any) => e.action)));
    assert.equal(entry.changes.values.destination, B);
  });

  test("another account's link: not found to GET, PUT, promote and analytics; its own slug space is its own", async () => {
    assert.equal((await create({ url: "https://example.com/main", slug: "ab-mine", variants: split([50, 50]) })).status, 201);
    const id = "ab-mine";
    assert.equal((await api(server, "GET", `/v1/links/${id}`, { key: other.key })).status, 404);
    assert.equal((await api(server, "PUT", `/v1/links/${id}`, { key: other.key, body: { variants: null } })).status, 404);
    const promote = await api(server, "POST", `/v1/links/${id}/variants/0/promote`, { key: other.key });
    assert.deepEqual([promote.status, promote.body.error.code], [404, "link_not_found"]);
    assert.equal((await api(server, "GET", `/v1/analytics/links/${id}?timeframe=last_7_days`, { key: other.key })).status, 404);
    const mine = await api(server, "GET", `/v1/links/${id}`, { key: account.key });
    assert.deepEqual(mine.body.data.variants, split([50, 50]));
    assert.equal(mine.body.data.destination, "https://example.com/main");
  });
});
