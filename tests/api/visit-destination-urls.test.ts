import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, test } from "node:test";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";
import { sqlOnStoppedServer } from "../helpers/test-db";
import { agent, BROWSER_UA, PRIMARY, visit, type VisitResponse } from "../helpers/visit";

// Every URL a visitor can be sent to (destination, geo and language rules, alternateBackUrl, a bio
// page's buttons) is stored and answered as `new URL(…).href`; control characters are refused
// with 400 INVALID_DESTINATION_URL; and a bad row stored before that still gets an answer (a 500
// page), never a hung socket, and is not counted.

const JAPAN = "https://ja.wikipedia.org/wiki/日本";
const JAPAN_HREF = "https://ja.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC";
const CAFE = "https://example.com/café?q=crème";
const CAFE_HREF = "https://example.com/caf%C3%A9?q=cr%C3%A8me";
const HANG_MS = 10_000;
const INJECTED = "https://example.com/\r\nSet-Cookie: hop=owned";

/**
 * A visit that must be answered within 10 s: a hung socket fails the test instead of stalling it
 * (a fresh server's first answers can take seconds on a busy machine; a hung one never comes).
 */
function promptVisit(server: HopServer, path: string, userAgent = BROWSER_UA): Promise<VisitResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: server.port, path, headers: { host: PRIMARY, "user-agent": userAgent }, agent: false, timeout: HANG_MS }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("timeout", () => req.destroy(new Error(`${path}: no answer within ${HANG_MS / 1000} s (hung)`)));
    req.on("error", reject);
    req.end();
  });
}

async function views(server: HopServer, key: string, id: string): Promise<number> {
  const res = await api(server, "GET", `/v1/analytics/links/${id}?timeframe=last_7_days`, { key });
  assert.equal(res.status, 200, res.text);
  return res.body.totalViews;
}

async function waitForViews(server: HopServer, key: string, id: string, want: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await views(server, key, id)) < want && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

function assertRefused(res: { status: number; body: any; text: string }, field: string): void {
  assert.equal(res.status, 400, res.text);
  assert.equal(res.body.code, "INVALID_DESTINATION_URL", res.text);
  assert.equal(res.body.field, field, res.text);
  assert.equal(typeof res.body.error, "string");
}

describe("destination URLs: normalized, control characters refused, no hung answers", () => {
  let server: HopServer;
  let account: TestAccount;
  before(async () => {
    server = await startServer({ env: { TRUST_PROXY: "true" } });
    account = await createAccount(server);
  });
  after(() => server.stop());

  const create = (body: Record<string, unknown>) => api(server, "POST", "/v1/links", { key: account.key, body });
  const put = (slug: string, body: Record<string, unknown>) => api(server, "PUT", `/v1/links/${slug}`, { key: account.key, body });

  test("a Japanese destination is stored and answered as new URL().href (percent-encoded UTF-8)", async () => {
    const res = await create({ url: JAPAN, slug: "nihon" });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.data.destination, JAPAN_HREF);
    assert.equal((await api(server, "GET", "/v1/links/nihon", { key: account.key })).body.data.destination, JAPAN_HREF);
    const go = await promptVisit(server, "/nihon");
    assert.equal(go.status, 302);
    assert.equal(go.headers.location, new URL(JAPAN).href);
    assert.equal(go.headers.location, JAPAN_HREF);
  });

  test("Latin-1 characters are UTF-8 percent-encoded, not sent as raw Latin-1 bytes", async () => {
    assert.equal((await create({ url: CAFE, slug: "cafe" })).body.data.destination, CAFE_HREF);
    const go = await promptVisit(server, "/cafe");
    assert.equal(go.headers.location, CAFE_HREF);
    const updated = await put("cafe", { destination: "https://example.com/naïve" });
    assert.equal(updated.status, 200, updated.text);
    assert.equal((await api(server, "GET", "/v1/links/cafe", { key: account.key })).body.data.destination, "https://example.com/na%C3%AFve");
    assert.equal((await promptVisit(server, "/cafe")).headers.location, "https://example.com/na%C3%AFve");
  });

  test("rule URLs and alternateBackUrl are normalized too, and visitors are sent to the normalized form", async () => {
    const res = await create({
      url: "https://example.com/main",
      slug: "ruled-urls",
      geoRules: [{ countries: ["JP"], redirectUrl: JAPAN }],
      languageRules: [{ languages: ["fr"], redirectUrl: CAFE }],
    });
    assert.equal(res.status, 201, res.text);
    assert.equal((await put("ruled-urls", { alternateBackUrl: "https://example.com/zurück" })).status, 200);
    const details = (await api(server, "GET", "/v1/links/ruled-urls", { key: account.key })).body.data;
    assert.equal(details.geoRules[0].redirectUrl, JAPAN_HREF);
    assert.equal(details.languageRules[0].redirectUrl, CAFE_HREF);
    assert.equal(details.alternateBackUrl, "https://example.com/zur%C3%BCck");
    const jp = await visit(server, PRIMARY, "/ruled-urls", { headers: { "cf-ipcountry": "JP" } });
    assert.equal(jp.headers.location, JAPAN_HREF);
    const fr = await visit(server, PRIMARY, "/ruled-urls", { headers: { "cf-ipcountry": "US", "accept-language": "fr-FR" } });
    assert.equal(fr.headers.location, CAFE_HREF);
  });

  test("CR, LF, TAB and other control characters are refused with 400 INVALID_DESTINATION_URL naming the field", async () => {
    assertRefused(await create({ url: INJECTED, slug: "crlf-a" }), "url");
    assertRefused(await create({ url: "https://example.com/a\tb", slug: "crlf-b" }), "url");
    // NUL is refused before any schema by the storable-string check every /v1 input passes (docs/API.md).
    const nul = await create({ url: "https://example.com/\u0000", slug: "crlf-c" });
    assert.equal(nul.status, 400, nul.text);
    assert.deepEqual([nul.body.error.code, nul.body.error.field], ["invalid_request", "url"]);
    assertRefused(await create({ url: "https://example.com/\u007f", slug: "crlf-d" }), "url");
    assertRefused(await create({ url: "https://example.com/", slug: "crlf-e", geoRules: [{ countries: ["US"], redirectUrl: INJECTED }] }), "geoRules[0].redirectUrl");
    assertRefused(
      await create({ url: "https://example.com/", slug: "crlf-f", languageRules: [{ languages: ["de"], redirectUrl: "https://example.de/" }, { languages: ["fr"], redirectUrl: "https://example.fr/\n" }] }),
      "languageRules[1].redirectUrl",
    );
    assert.equal((await create({ url: "https://example.com/", slug: "crlf-ok" })).status, 201);
    assertRefused(await put("crlf-ok", { destination: INJECTED }), "destination");
    assertRefused(await put("crlf-ok", { geoRules: [{ countries: ["DE"], redirectUrl: "https://example.de/\r" }] }), "geoRules[0].redirectUrl");
    assertRefused(await put("crlf-ok", { languageRules: [{ languages: ["de"], redirectUrl: INJECTED }] }), "languageRules[0].redirectUrl");
    assertRefused(await put("crlf-ok", { alternateBackUrl: INJECTED }), "alternateBackUrl");
    const bulk = await api(server, "POST", "/v1/links/bulk", { key: account.key, body: { links: [{ url: INJECTED, slug: "crlf-bulk" }] } });
    assert.equal(bulk.status, 200, bulk.text);
    assert.equal(bulk.body.results.failed[0].error.code, "INVALID_DESTINATION_URL");
    assert.equal((await api(server, "GET", "/v1/links/crlf-ok", { key: account.key })).body.data.destination, "https://example.com/", "nothing was changed");
  });

  test("a bio page's button URLs are normalized (its ?hop_go=n redirect too); control characters are refused", async () => {
    const publish = (links: unknown[], customSlug: string, settings: Record<string, unknown> = {}) =>
      api(server, "POST", "/v1/websites", { key: account.key, body: { websiteId: "x", templateId: "simple-stack-v2", customSlug, data: { profile: { name: "Page" }, links, settings } } });
    assertRefused(await publish([{ type: "simple", title: "Ok", url: "https://example.com/" }, { type: "simple", title: "Bad", url: INJECTED }], "bad-buttons"), "data.links[1].url");
    assertRefused(await publish([], "bad-page-rules", { geoRules: [{ countries: ["US"], redirectUrl: INJECTED }] }), "data.settings.geoRules[0].redirectUrl");
    const res = await publish([{ type: "simple", title: "Wiki", url: JAPAN }, { type: "simple", title: "Draft", url: "not yet a url" }], "nihon-page");
    assert.equal(res.status, 201, res.text);
    const stored = (await api(server, "GET", "/v1/websites/nihon-page", { key: account.key })).body.data.data;
    assert.equal(stored.links[0].url, JAPAN_HREF);
    assert.equal(stored.links[1].url, "not yet a url", "an unfinished URL is kept for the editor (never linked)");
    const go = await promptVisit(server, "/nihon-page?hop_go=0", agent({ category: "in-app", app: "instagram", os: "ios" }));
    assert.equal(go.status, 200, "conservative: the escape page");
    assert.ok(go.body.includes(`href="${JAPAN_HREF}"`));
    const browser = await promptVisit(server, "/nihon-page?hop_go=0");
    assert.equal(browser.status, 302);
    assert.equal(browser.headers.location, JAPAN_HREF);
  });

  test("rows stored before validation: a bad one answers a 500 page at once and is not counted; a raw Unicode one is answered normalized", async () => {
    for (const slug of ["stored-crlf", "stored-rule", "stored-unicode", "stored-marker"]) assert.equal((await create({ url: "https://example.com/", slug })).status, 201);
    const page = await api(server, "POST", "/v1/websites", {
      key: account.key,
      body: { websiteId: "x", templateId: "simple-stack-v2", customSlug: "stored-page", data: { profile: { name: "P" }, links: [{ type: "simple", title: "A", url: "https://example.com/" }] } },
    });
    assert.equal(page.status, 201, page.text);
    await server.stop("SIGTERM", { keepData: true });
    await sqlOnStoppedServer(server.env, [
      [`UPDATE "Link" SET destination = $1 WHERE slug = 'stored-crlf'`, [INJECTED]],
      [`UPDATE "Link" SET "geoRules" = $1::jsonb WHERE slug = 'stored-rule'`, [JSON.stringify([{ countries: ["JP"], redirectUrl: "https://example.jp/\r\nX-Evil: 1" }])]],
      [`UPDATE "Link" SET destination = $1 WHERE slug = 'stored-unicode'`, [JAPAN]],
      [`UPDATE "Link" SET data = $1::jsonb WHERE slug = 'stored-page'`, [JSON.stringify({ profile: { name: "P" }, links: [{ type: "simple", title: "A", url: INJECTED }, { type: "simple", title: "B", url: CAFE }] })]],
    ]);
    server = await startServer({ reuse: server });

    for (let i = 0; i < 3; i += 1) {
      const bad = await promptVisit(server, "/stored-crlf");
      assert.equal(bad.status, 500);
      assert.match(String(bad.headers["content-type"]), /text\/html/);
      assert.equal(bad.headers["set-cookie"], undefined);
      assert.match(bad.body, /Something went wrong/);
    }
    const rule = await promptVisit(server, "/stored-rule?x=1");
    assert.equal(rule.status, 302, "the bad rule does not match this visitor");
    const ruled = await new Promise<VisitResponse>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port: server.port, path: "/stored-rule", headers: { host: PRIMARY, "user-agent": BROWSER_UA, "cf-ipcountry": "JP" }, agent: false, timeout: HANG_MS }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: "" }));
      });
      req.on("timeout", () => req.destroy(new Error("stored-rule: hung")));
      req.on("error", reject);
      req.end();
    });
    assert.equal(ruled.status, 500);
    assert.equal(ruled.headers["x-evil"], undefined);
    const unicode = await promptVisit(server, "/stored-unicode");
    assert.equal(unicode.status, 302);
    assert.equal(unicode.headers.location, JAPAN_HREF);
    const badButton = await promptVisit(server, "/stored-page?hop_go=0");
    assert.equal(badButton.status, 500);
    const cafeButton = await promptVisit(server, "/stored-page?hop_go=1");
    assert.equal(cafeButton.headers.location, CAFE_HREF);

    assert.equal((await promptVisit(server, "/stored-marker")).status, 302);
    await waitForViews(server, account.key, "stored-marker", 1);
    assert.equal(await views(server, account.key, "stored-marker"), 1);
    assert.equal(await views(server, account.key, "stored-crlf"), 0, "an answer that failed is not a view");
    assert.equal(await views(server, account.key, "stored-unicode"), 1);
  });
});
