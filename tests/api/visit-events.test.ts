import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, createAccount, linkAnalyticsWhen, type TestAccount } from "../helpers/api";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";
import { agent, agents, BROWSER_UA, PRIMARY, visit } from "../helpers/visit";

describe("visit events", () => {
  let server: HopServer;
  let account: TestAccount;
  before(async () => {
    server = await sharedServer({ env: { TRUST_PROXY: "true" } });
    account = await createAccount(server);
    await api(server, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com", slug: "counted", title: "Counted" } });
  });
  after(() => server.stop());

  test("N human visits are N views (and N clicks for followed redirects); bots are not counted", async () => {
    const iphone = agent({ category: "browser", os: "ios", device: "mobile" });
    const visits: Array<[string, Record<string, string>]> = [
      [BROWSER_UA, { "cf-ipcountry": "US", referer: "https://www.google.com/search?q=x" }],
      [BROWSER_UA, { "cf-ipcountry": "US" }],
      [iphone, { "cf-ipcountry": "DE", referer: "https://t.co/abc" }],
      [iphone, { "cf-ipcountry": "DE", referer: "https://t.co/def" }],
      [iphone, {}],
    ];
    for (const [ua, headers] of visits) assert.equal((await visit(server, PRIMARY, "/counted", { userAgent: ua, headers })).status, 302);
    for (const { ua } of agents({ category: "bot" }).slice(0, 5)) await visit(server, PRIMARY, "/counted", { userAgent: ua });
    const inApp = agent({ category: "in-app", app: "instagram", os: "android" });
    assert.equal((await visit(server, PRIMARY, "/counted", { userAgent: inApp, headers: { "cf-ipcountry": "FR" } })).status, 200, "escape page: a view, not a click");
    const body = await linkAnalyticsWhen(server, account.key, "counted", (b) => b.totalViews >= 6);
    assert.equal(body.totalViews, 6);
    assert.equal(body.totalClicks, 5);
    assert.deepEqual(body.countryStats, [{ name: "DE", views: 2 }, { name: "US", views: 2 }, { name: "FR", views: 1 }, { name: "unknown", views: 1 }]);
    assert.equal(body.topCountry, "DE");
    assert.equal(body.topCountryViews, 2);
    assert.deepEqual(body.deviceStats, { mobile: 4, desktop: 2 });
    assert.deepEqual(body.platformStats, { ios: 3, windows: 2, android: 1 });
    assert.deepEqual(body.referrerStats, [{ domain: "direct", views: 3 }, { domain: "t.co", views: 2 }, { domain: "google.com", views: 1 }]);
    assert.equal(body.type, "Deeplink");
    assert.equal(body.id, "counted");
    assert.equal(body.resolvedBy, "linkId");
    assert.ok(Date.parse(body.lastViewed) > Date.now() - 60_000);
    const today = new Date().toISOString().slice(0, 10);
    const bucket = body.dailyViews.find((b: { date: string }) => b.date === today);
    assert.deepEqual(bucket.countries, { de: 2, us: 2, fr: 1, unknown: 1 });
    assert.equal(bucket.views, 6);
    assert.equal(bucket.clicks, 5);
    assert.deepEqual(body.clicksByLink.map((c: { id: string; totalClicks: number; count: number }) => [c.id, c.totalClicks, c.count]), [["counted", 5, 5]]);
    assert.equal(body.adultConfirmation, null);
  });

  test("SIGTERM writes every queued event before the process exits", async () => {
    const slow = await startServer({ env: { EVENT_FLUSH_MS: "600000" } });
    const owner = await createAccount(slow);
    await api(slow, "POST", "/v1/links", { key: owner.key, body: { url: "https://example.com", slug: "flushed" } });
    for (let i = 0; i < 25; i += 1) await visit(slow, PRIMARY, "/flushed");
    await slow.stop("SIGTERM", { keepData: true });
    const again = await startServer({ reuse: slow });
    try {
      const body = await linkAnalyticsWhen(again, owner.key, "flushed", (b) => b.totalViews >= 25);
      assert.equal(body.totalViews, 25);
    } finally {
      await again.stop();
    }
  });
});
