import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, test } from "node:test";
import { api, createAccount } from "../helpers/api";
import { admin, type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";
import { agent, BROWSER_UA, PRIMARY, visit } from "../helpers/visit";

/** What the page's tracking script sends (navigator.sendBeacon posts text/plain JSON). */
function beacon(server: HopServer, host: string, body: unknown, userAgent = BROWSER_UA): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: server.port, path: "/__hop/click", method: "POST", headers: { host, "user-agent": userAgent, "content-type": "text/plain;charset=UTF-8" } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

describe("analytics of a website: views, tracked buttons, the 18+ gate", () => {
  let server: HopServer;
  before(async () => {
    server = await sharedServer({ env: { TRUST_PROXY: "true" } });
  });
  after(() => server.stop());

  test("views and per-button clicks through the visitor path; bots and other hosts do not count", async () => {
    const { key } = await createAccount(server);
    const published = await api(server, "POST", "/v1/websites", {
      key,
      body: {
        websiteId: "w",
        templateId: "bento-grid",
        customSlug: "ada-links",
        data: { profile: { name: "Ada" }, links: [{ id: "blog", type: "simple", title: "Blog", url: "https://ada.example/blog" }, { type: "featured", title: "Shop", url: "https://ada.example/shop" }], settings: { adultMode: true } },
      },
    });
    assert.equal(published.status, 201, published.text);
    const pageHtml = (await visit(server, PRIMARY, "/ada-links")).body;
    assert.ok(pageHtml.includes('data-hop-id="blog"') && pageHtml.includes('data-hop-id="link-2"'), "buttons carry their tracking ids");
    assert.ok(pageHtml.includes('navigator.sendBeacon("/__hop/click"'));
    await visit(server, PRIMARY, "/ada-links", { headers: { "cf-ipcountry": "DE" } });
    await visit(server, PRIMARY, "/ada-links", { userAgent: agent({ category: "browser", os: "android" }) });
    await visit(server, PRIMARY, "/ada-links", { userAgent: agent({ category: "bot" }) });
    // Titles, URLs and types come from the page's data, whatever the beacon says.
    const click = (id: string, userAgent?: string) => beacon(server, PRIMARY, { page: "ada-links", id, title: "ignored", url: "https://elsewhere.example/", type: "ignored" }, userAgent);
    assert.equal(await click("blog"), 204);
    await click("blog", agent({ category: "browser", os: "android" }));
    await click("link-2");
    await click("adult-18plus-btn");
    assert.equal(await beacon(server, PRIMARY, { page: "ada-links", id: "blog" }, agent({ category: "preview" })), 204, "bots are ignored");
    assert.equal(await beacon(server, "other.example", { page: "ada-links", id: "blog" }), 204, "another host's beacon is ignored");
    assert.equal(await beacon(server, PRIMARY, "not json"), 204);

    const deadline = Date.now() + 10_000;
    let body;
    do body = (await api(server, "GET", "/v1/analytics/links/ada-links?timeframe=last_7_days", { key })).body;
    // The 18+ confirmations are written beside the clicks, not with them: wait for both.
    while ((body.totalViews < 3 || body.totalClicks < 4 || !body.adultConfirmation) && Date.now() < deadline);
    assert.equal(body.type, "Website");
    assert.equal(body.resolvedBy, "customSlug");
    assert.equal(body.totalViews, 3, "three people: the bot is not a view");
    assert.equal(body.totalClicks, 4, "the sum across tracked buttons");
    const today = new Date().toISOString().slice(0, 10);
    assert.deepEqual(
      body.clicksByLink.map((c: { id: string; count: number; totalClicks: number; title: string; type: string; dailyClicks: unknown }) => [c.id, c.count, c.totalClicks, c.title, c.type, c.dailyClicks]),
      [
        ["blog", 2, 2, "Blog", "simple", [{ date: today, clicks: 2 }]],
        ["adult-18plus-btn", 1, 1, "I am 18 or older", "adult-confirmation", [{ date: today, clicks: 1 }]],
        ["link-2", 1, 1, "Shop", "featured", [{ date: today, clicks: 1 }]],
      ],
    );
    assert.deepEqual(body.adultConfirmation, { clicks: 1, rate: 33.33 });
    assert.deepEqual(body.countryStats, [{ name: "unknown", views: 2 }, { name: "DE", views: 1 }]);
    assert.equal(body.topCountry, "DE", "unknown is never the top country");
    assert.equal(body.topCountryViews, 1);
    const bucket = body.dailyViews.find((b: { date: string }) => b.date === today);
    assert.deepEqual([bucket.views, bucket.clicks, bucket.adultClicks], [3, 4, 1]);
  });

  test("websites resolve by document id, custom slug and custom domain", async () => {
    const { key } = await createAccount(server);
    const site = await api(server, "POST", "/v1/websites", { key, body: { websiteId: "w", templateId: "folio-card", data: { profile: { name: "Doc" } } } });
    const byDoc = await api(server, "GET", `/v1/analytics/links/${site.body.id}`, { key });
    assert.equal(byDoc.body.resolvedBy, "documentId");
    assert.equal(byDoc.body.type, "Website");
    const domain = `stats${Date.now().toString(36)}.example`;
    await api(server, "POST", "/v1/domains", { key, body: { domain } });
    await admin(server, "domain", "force-verify", "--domain", domain);
    await api(server, "POST", "/v1/websites", { key, body: { websiteId: "w", templateId: "folio-card", customDomain: domain, data: { profile: { name: "Root" } } } });
    await api(server, "POST", "/v1/websites", { key, body: { websiteId: "w", templateId: "folio-card", customDomain: domain, customPath: "Shop", data: {} } });
    for (const identifier of [domain, encodeURIComponent(`https://${domain}`), encodeURIComponent(`${domain}/Shop`), `${domain}__Shop`]) {
      const res = await api(server, "GET", `/v1/analytics/links/${identifier}`, { key });
      assert.equal(res.status, 200, identifier);
      assert.equal(res.body.resolvedBy, "customDomain", identifier);
    }
    const missing = await api(server, "GET", `/v1/analytics/links/${encodeURIComponent(`${domain}/shop`)}`, { key });
    assert.equal(missing.status, 404, "custom paths keep their case");
  });
});
