import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";
import { agent, BROWSER_UA, PRIMARY, visit } from "../helpers/visit";

// A page's own settings acted on by the visitor path: settings.geoRules (redirect before the page),
// settings.botProtection (bots get a preview without links), deepLinkBehavior (in-app visitors'
// buttons go through the behavior), advanced.googleTag/facebookPixel (their hosts in the CSP),
// and the typed editor data (a wrong member is a 400 naming it).

describe("website settings on the visitor path", () => {
  let server: HopServer;
  let account: TestAccount;
  before(async () => {
    server = await sharedServer({ env: { TRUST_PROXY: "true" } });
    account = await createAccount(server);
  });
  after(() => server.stop());

  const links = [{ type: "simple", title: "Shop", url: "https://shop.example/item" }, { type: "simple", title: "Write", url: "mailto:me@example.com" }];
  const publish = (slug: string, extra: Record<string, unknown> = {}, settings: Record<string, unknown> = {}, more: Record<string, unknown> = {}) =>
    api(server, "POST", "/v1/websites", { key: account.key, body: { websiteId: slug, templateId: "simple-stack-v2", customSlug: slug, data: { profile: { name: "Settings" }, links, settings, ...more }, ...extra } });

  test("geoRules send matching visitors elsewhere before the page; others see it; bad rules are refused", async () => {
    const res = await publish("geo-page", {}, { geoRules: [{ countries: ["Germany"], redirectUrl: "https://de.example/" }, { cities: ["lyon"], redirectUrl: "https://lyon.example/" }] });
    assert.equal(res.status, 201, res.text);
    const stored = (await api(server, "GET", "/v1/websites/geo-page", { key: account.key })).body.data.data.settings.geoRules;
    assert.deepEqual(stored[0], { countries: ["DE"], redirectUrl: "https://de.example/" }, "country names stored as codes");
    const de = await visit(server, PRIMARY, "/geo-page", { headers: { "cf-ipcountry": "DE" } });
    assert.equal(de.status, 302);
    assert.equal(de.headers.location, "https://de.example/");
    assert.equal((await visit(server, PRIMARY, "/geo-page", { headers: { "cf-ipcountry": "FR", "x-vercel-ip-city": "Lyon" } })).headers.location, "https://lyon.example/");
    const us = await visit(server, PRIMARY, "/geo-page", { headers: { "cf-ipcountry": "US" } });
    assert.equal(us.status, 200);
    assert.ok(us.body.includes("Settings"));
    const badUrl = await publish("geo-bad", {}, { geoRules: [{ countries: ["DE"], redirectUrl: "ftp://x.example" }] });
    assert.equal(badUrl.status, 400);
    assert.equal(badUrl.body.code, "INVALID_DESTINATION_URL");
    assert.equal(badUrl.body.field, "data.settings.geoRules[0].redirectUrl");
    const badCountry = await publish("geo-bad", {}, { geoRules: [{ countries: ["Atlantis"], redirectUrl: "https://x.example" }] });
    assert.equal(badCountry.body.error.field, "data.settings.geoRules[0].countries");
    assert.equal((await api(server, "GET", "/v1/websites/geo-bad", { key: account.key })).status, 404, "nothing was written");
  });

  test("bots see the whole page uncounted; with botProtection they get a preview without the links", async () => {
    const googlebot = agent({ category: "bot" });
    await publish("open-page", {}, {}, { advanced: { pageTitle: "Open page", metaDescription: "All my links" } });
    const open = await visit(server, PRIMARY, "/open-page", { userAgent: googlebot });
    assert.equal(open.status, 200);
    assert.ok(open.body.includes('href="https://shop.example/item"'));
    await publish("guarded-page", {}, { botProtection: true }, { advanced: { pageTitle: "Guarded page", metaDescription: "Hidden links" } });
    for (const ua of [googlebot, agent({ category: "preview" })]) {
      const guarded = await visit(server, PRIMARY, "/guarded-page", { userAgent: ua });
      assert.equal(guarded.status, 200);
      assert.ok(!guarded.body.includes("shop.example"), "no link reaches a bot");
      assert.ok(guarded.body.includes('<meta property="og:title" content="Guarded page">'));
      assert.equal(guarded.headers["x-robots-tag"], "noindex");
    }
    assert.ok((await visit(server, PRIMARY, "/guarded-page", { userAgent: BROWSER_UA })).body.includes('href="https://shop.example/item"'), "people see the links");
    await visit(server, PRIMARY, "/open-page", { userAgent: BROWSER_UA });
    const deadline = Date.now() + 10_000;
    let views = 0;
    while (views === 0 && Date.now() < deadline) views = (await api(server, "GET", "/v1/analytics/links/open-page", { key: account.key })).body.totalViews;
    assert.equal(views, 1, "the person's visit is the only view: bot visits are not counted");
  });

  test("deepLinkBehavior: in-app visitors' buttons go through the behavior; browsers link directly", async () => {
    assert.equal((await publish("escape-page", { deepLinkBehavior: "aggressive" })).status, 201);
    const instagram = agent({ category: "in-app", app: "instagram", os: "android" });
    const inApp = await visit(server, PRIMARY, "/escape-page", { userAgent: instagram });
    assert.match(inApp.body, /href="\?hop_go=0"[^>]*data-hop-url="https:\/\/shop.example\/item"/);
    assert.ok(inApp.body.includes('href="mailto:me@example.com"'), "mailto links stay direct");
    const go = await visit(server, PRIMARY, "/escape-page?hop_go=0", { userAgent: instagram });
    assert.equal(go.status, 200);
    assert.match(go.body, /href="intent:\/\/shop.example\/item#Intent;scheme=https;package=com.android.chrome;/);
    assert.ok(go.body.includes("window.location.replace"), "aggressive tries the hand-off at once");
    const browser = await visit(server, PRIMARY, "/escape-page", { userAgent: BROWSER_UA });
    assert.ok(browser.body.includes('href="https://shop.example/item"') && !browser.body.includes("hop_go"));
    const direct = await visit(server, PRIMARY, "/escape-page?hop_go=0", { userAgent: BROWSER_UA });
    assert.equal(direct.status, 302);
    assert.equal(direct.headers.location, "https://shop.example/item");
    for (const bad of ["1", "9", "x", "-1"]) {
      const res = await visit(server, PRIMARY, `/escape-page?hop_go=${bad}`, { userAgent: instagram });
      assert.equal(res.status, 302, bad);
      assert.equal(res.headers.location, "/escape-page", `${bad}: only the page's own http(s) buttons`);
    }
    await publish("basic-page", {}, { deepLinkBehavior: "basic" });
    assert.ok(!(await visit(server, PRIMARY, "/basic-page", { userAgent: instagram })).body.includes("hop_go"), "settings.deepLinkBehavior is read when the body has none");
  });

  test("analytics tags: well-formed ids are served with their hosts in the CSP; anything else is a 400", async () => {
    assert.equal((await publish("tagged-page", {}, {}, { advanced: { googleTag: "G-TEST12345", facebookPixel: "123456789012345" } })).status, 201);
    const page = await visit(server, PRIMARY, "/tagged-page");
    assert.match(String(page.headers["content-security-policy"]), /script-src ('sha256-[^']+' )+https:\/\/www.googletagmanager.com https:\/\/connect.facebook.net/);
    assert.ok(page.body.includes("gtag/js?id=G-TEST12345"));
    const bad = await publish("tagged-bad", {}, {}, { advanced: { googleTag: "<script>" } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.field, "data.advanced.googleTag");
    assert.equal((await publish("pixel-bad", {}, {}, { advanced: { facebookPixel: "abc" } })).body.error.field, "data.advanced.facebookPixel");
  });

  test("the editor data is typed where pages read it: a wrong member is a 400 naming it", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ profile: { name: 42 } }, "data.profile.name", "invalid_request"],
      [{ profile: { bio: "b".repeat(1001) } }, "data.profile.bio", "value_too_long"],
      [{ links: "not a list" }, "data.links", "invalid_request"],
      [{ links: [{ type: "simple", style: "sparkly" }] }, "data.links[0].style", "invalid_request"],
      [{ socials: [{ url: "https://x.com/a" }] }, "data.socials[0].platform", "missing_required_field"],
      [{ settings: { deepLinkBehavior: "teleport" } }, "data.settings.deepLinkBehavior", "invalid_request"],
      [{ settings: { botProtection: "yes" } }, "data.settings.botProtection", "invalid_request"],
    ];
    for (const [data, field, code] of cases) {
      const res = await api(server, "POST", "/v1/websites", { key: account.key, body: { websiteId: "t", templateId: "simple-stack-v2", data } });
      assert.equal(res.status, 400, field);
      assert.deepEqual([res.body.error.field, res.body.error.code], [field, code]);
    }
    const nulls = await api(server, "POST", "/v1/websites", { key: account.key, body: { websiteId: "t", templateId: "simple-stack-v2", data: { profile: { name: "N", bio: null }, links: [{ type: "simple", title: "t", url: null }], advanced: { googleTag: "" }, futureMember: { kept: true } } } });
    assert.equal(nulls.status, 201, "nulls and empty ids are accepted; unknown members are kept");
    assert.deepEqual((await api(server, "GET", `/v1/websites/${nulls.body.id}`, { key: account.key })).body.data.data.futureMember, { kept: true });
  });
});
