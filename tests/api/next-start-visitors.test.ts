import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { gunzipSync } from "node:zlib";
import { api, linkAnalyticsWhen, type TestAccount } from "../helpers/api";
import { send } from "../helpers/dashboard-routes";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createAccountWithCli, startNextStart } from "../../scripts/harness/next-start";
import { exchange } from "../helpers/raw-http";
import { startServer, usingPostgres, usingRedis, type HopServer } from "../../scripts/harness/hop-server";
import { agent, agents, BROWSER_UA, PRIMARY, postForm, visit, visitBytes } from "../helpers/visit";

// Hop started the ordinary Next way — `next start`, no server.ts — answers visitors as the fast
// path does: proxy.ts is the entry point onto the same resolver, the click beacon and contact form are
// route handlers at the same addresses, and instrumentation.ts migrates the database, flushes the
// event queue on a timer and on SIGTERM, and relays cache invalidations over Redis.
// One `next start` serves every case (plus one restart for the SIGTERM case).

const SYSTEM = "go.proxy.test";
const DESTINATION = "https://shop.example.com/item?id=7";
const BEHAVIORS = ["basic", "conservative", "aggressive", "non-meta", "reddit", "experimental", "experimental2"];
const LINKS = [
  { id: "blog", type: "simple", title: "Blog", url: "https://ada.example/blog" },
  { type: "contact", id: "join", title: "Join the list", fields: ["name", "email", "message"] },
];

describe(`visitors under next start (${usingPostgres ? "PostgreSQL" : "PGlite"}${usingRedis ? " + Redis" : ""})`, () => {
  let app: HopServer;
  let account: TestAccount;
  let pageId: string;
  before(async () => {
    // A flush interval long enough that the SIGTERM case's events are still queued when it stops.
    app = await startNextStart({ env: { SYSTEM_DOMAINS: SYSTEM, EVENT_FLUSH_MS: "1500" }, before: async (env) => void (account = await createAccountWithCli(env)) });
    for (const behavior of BEHAVIORS) {
      const res = await api(app, "POST", "/v1/links", { key: account.key, body: { url: DESTINATION, slug: `b-${behavior}`, behavior, title: "Shop" } });
      assert.equal(res.status, 201, res.text);
    }
    const site = await api(app, "POST", "/v1/websites", { key: account.key, body: { websiteId: "ada", templateId: "bonbon-card", customSlug: "ada-page", data: { profile: { name: "Ada Lovelace" }, links: LINKS } } });
    assert.equal(site.status, 201, site.text);
    pageId = site.body.id;
  });
  after(() => app.stop());

  test("a short link on the app host is a 302 to its destination; HEAD has the GET's headers", async () => {
    const res = await visit(app, PRIMARY, "/b-basic?utm_source=x");
    assert.equal(res.status, 302);
    assert.equal(res.headers.location, `${DESTINATION}&utm_source=x`);
    assert.equal(res.headers["cache-control"], "private, no-store");
    const head = await visit(app, PRIMARY, "/b-basic", { method: "HEAD" });
    assert.equal(head.status, 302);
    assert.equal(head.headers.location, DESTINATION);
  });

  test("a password-protected link: the form, then the POST through the proxy gives the 302 and the pass", async () => {
    const res = await api(app, "POST", "/v1/links", { key: account.key, body: { url: DESTINATION, slug: "locked", password: "open sesame" } });
    assert.equal(res.status, 201, res.text);
    const form = await visit(app, PRIMARY, "/locked");
    assert.equal(form.status, 200);
    assert.match(form.body, /<form method="post">/);
    assert.doesNotMatch(form.body, /shop\.example/);
    const wrong = await postForm(app, PRIMARY, "/locked", { password: "nope" });
    assert.equal(wrong.status, 401, JSON.stringify([wrong.headers, wrong.body.slice(0, 300)]));
    const right = await postForm(app, PRIMARY, "/locked", { password: "open sesame" });
    assert.equal(right.status, 302);
    assert.equal(right.headers.location, DESTINATION);
    const pass = String((right.headers["set-cookie"] as string[])[0]).split(";")[0];
    assert.equal((await visit(app, PRIMARY, "/locked", { headers: { cookie: pass } })).headers.location, DESTINATION);
  });

  test("a short link on a system domain answers on every path; the app's pages are not there", async () => {
    const res = await api(app, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/sys", slug: "on-sys", domain: SYSTEM } });
    assert.equal(res.status, 201, res.text);
    assert.equal((await visit(app, SYSTEM, "/on-sys")).headers.location, "https://example.com/sys");
    const dashboardPath = await visit(app, SYSTEM, "/links");
    assert.equal(dashboardPath.status, 404, "a system domain serves short links only");
    assert.match(dashboardPath.body, /This link does not exist/);
  });

  test("every behavior with real in-app user agents: escape page or 302, as on the fast path", async () => {
    for (const app_ of ["instagram", "tiktok", "facebook"]) {
      for (const { ua, os } of agents({ category: "in-app", app: app_ })) {
        for (const behavior of BEHAVIORS) {
          const res = await visit(app, PRIMARY, `/b-${behavior}`, { userAgent: ua });
          const redirects = behavior === "basic" || (behavior === "non-meta" && app_ !== "tiktok");
          assert.equal(res.status, redirects ? 302 : 200, `${app_}/${os} ${behavior}`);
          if (redirects) {
            assert.equal(res.headers.location, DESTINATION);
            continue;
          }
          assert.match(String(res.headers["content-security-policy"]), /default-src 'none'/);
          assert.match(res.body, /id="hop-open" class="btn" href="(intent:\/\/|x-safari-https:\/\/|https:\/\/)/, `${app_}/${os} ${behavior}`);
          assert.ok(res.body.includes(`href="${DESTINATION}"`), `${app_}/${os} ${behavior}: continue link`);
          assert.equal(/<script>/.test(res.body), behavior !== "conservative", `${app_}/${os} ${behavior}: hand-off script`);
        }
      }
    }
    for (const { ua } of agents({ category: "browser" }).slice(0, 3)) assert.equal((await visit(app, PRIMARY, "/b-aggressive", { userAgent: ua })).status, 302);
  });

  test("link-preview fetchers get the preview page; other bots the plain 302", async () => {
    await api(app, "PUT", "/v1/links/b-aggressive", { key: account.key, body: { seo: { title: "Big <Sale>" } } });
    for (const { ua } of agents({ category: "preview" }).slice(0, 4)) {
      const res = await visit(app, PRIMARY, "/b-aggressive", { userAgent: ua });
      assert.equal(res.status, 200, ua);
      assert.ok(res.body.includes('<meta property="og:title" content="Big &lt;Sale&gt;">'), ua);
    }
    const bot = await visit(app, PRIMARY, "/b-aggressive", { userAgent: agent({ category: "bot" }) });
    assert.equal(bot.status, 302);
  });

  test("a bio page renders with its own CSP; an unknown address is the branded 404; the app's own pages pass through", async () => {
    const page = await visit(app, PRIMARY, `/${pageId}`);
    assert.equal(page.status, 200);
    assert.ok(page.body.includes("Ada Lovelace"));
    assert.match(page.body, /<form class="contact" id="join" method="post" action="\/__hop\/contact">/);
    assert.match(String(page.headers["content-security-policy"]), /form-action 'self'/);
    // Next compresses the proxy's answers itself (and drops a Content-Encoding set there): this
    // entry point hands it the page as it is, never the kept br bytes, which it would encode twice.
    const zipped = await visitBytes(app, PRIMARY, `/${pageId}`, { "accept-encoding": "gzip, deflate, br, zstd" });
    assert.equal(zipped.headers["content-encoding"], "gzip");
    assert.equal(gunzipSync(zipped.body).toString(), page.body, "the page, compressed once");
    const missing = await visit(app, PRIMARY, "/no-such-link");
    assert.equal(missing.status, 404);
    assert.match(String(missing.headers["content-type"]), /text\/html/);
    assert.doesNotMatch(missing.body, /_next\//, "Hop's own 404 page, not Next's");
    const home = await visit(app, PRIMARY, "/");
    assert.equal(home.status, 200);
    assert.match(String(home.headers["content-security-policy"]), /script-src 'self' 'nonce-[^']+' 'strict-dynamic'/, "the app's pages keep their nonce");
    assert.match(home.body, /_next\//, "the home page is Next's");
  });

  test("the contact form posts to /__hop/contact on the page's host and is stored", async () => {
    const sent = await postForm(app, PRIMARY, "/__hop/contact", { page: pageId, block: "join", name: "Ada", email: "ada@example.com", message: "Hello" });
    assert.equal(sent.status, 303, sent.body);
    assert.equal(sent.headers.location, `/${pageId}?contact=sent#join`);
    const list = await api(app, "GET", `/v1/websites/${pageId}/contacts`, { key: account.key });
    assert.equal(list.body.pagination.totalCount, 1);
    assert.equal(list.body.data[0].email, "ada@example.com");
    const gone = await postForm(app, PRIMARY, "/__hop/contact", { page: "no-such-page", block: "join", email: "x@example.com" });
    assert.equal(gone.status, 404);
  });

  test("requests Next would fail are answered as under server.ts: an undecodable path is 400, a method a route or page lacks is 405, CONNECT is 400", async () => {
    const api400 = await send(app, "GET", "/v1/links/a%ff", { headers: { authorization: `Bearer ${account.key}` } });
    assert.equal(api400.status, 400, api400.text);
    assert.equal(api400.body?.error?.code, "invalid_request");
    const page400 = await send(app, "GET", "/links/%e0%a4");
    assert.equal(page400.status, 400, page400.text.slice(0, 200));
    assert.match(page400.type, /^text\/html/);
    const trace = await send(app, "TRACE", "/v1/links", { headers: { authorization: `Bearer ${account.key}` } });
    assert.equal(trace.status, 405, trace.text);
    assert.equal(trace.body?.error?.code, "method_not_allowed");
    assert.ok(trace.headers.allow);
    const dashboardTrace = await send(app, "TRACE", "/api/dashboard/links");
    assert.equal(dashboardTrace.status, 405, dashboardTrace.text);
    assert.equal(dashboardTrace.body?.error?.code, "method_not_allowed");
    assert.equal(dashboardTrace.headers.allow, "OPTIONS, POST");
    const pageTrace = await send(app, "TRACE", "/links");
    assert.equal(pageTrace.status, 405, pageTrace.text.slice(0, 200));
    assert.equal(pageTrace.headers.allow, "GET, HEAD");
    assert.match(pageTrace.type, /^text\/html/);
    const connect = await exchange(app.port, { method: "CONNECT", target: "example.com:443" });
    assert.equal(connect.status, 400, "CONNECT is answered, not dropped");
    assert.equal(connect.json?.error?.code, "invalid_request");
    assert.equal((await visit(app, PRIMARY, "/b-basic")).status, 302, "and it keeps serving");
  });

  test("the MCP server answers at /mcp under next start too, its tool calls through the /v1 routes", async () => {
    const client = new Client({ name: "next-start", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", app.url), { requestInit: { headers: { authorization: `Bearer ${account.key}` } } }));
    try {
      assert.ok((await client.listTools()).tools.some((tool) => tool.name === "get_link"));
      const link = await client.callTool({ name: "get_link", arguments: { identifier: "b-basic" } });
      assert.equal((link.structuredContent as { data: { destination: string } }).data.destination, DESTINATION);
    } finally {
      await client.close();
    }
    const trace = await send(app, "TRACE", "/mcp");
    assert.equal(trace.status, 405, trace.text);
  });

  test("the click beacon counts a press once per visitor; a sent X-Forwarded-For does not make a new visitor", async () => {
    const press = (forwardedFor: string) =>
      visit(app, PRIMARY, "/__hop/click", { method: "POST", body: JSON.stringify({ page: pageId, id: "blog" }), headers: { "content-type": "text/plain;charset=UTF-8", "x-forwarded-for": forwardedFor } });
    for (const forwardedFor of ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) assert.equal((await press(forwardedFor)).status, 204);
    const body = await linkAnalyticsWhen(app, account.key, pageId, (b) => b.totalClicks >= 1);
    await new Promise((r) => setTimeout(r, 2_000)); // late extras would show after another flush
    const again = await linkAnalyticsWhen(app, account.key, pageId, () => true);
    assert.equal(body.totalClicks, 1);
    assert.equal(again.totalClicks, 1, "the address is the socket's (attached by the request hook), not the header's");
  });

  test("visits are counted once the queue is flushed on its timer", async () => {
    await api(app, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com", slug: "counted" } });
    const iphone = agent({ category: "browser", os: "ios", device: "mobile" });
    for (const ua of [BROWSER_UA, BROWSER_UA, iphone]) assert.equal((await visit(app, PRIMARY, "/counted", { userAgent: ua })).status, 302);
    for (const { ua } of agents({ category: "bot" }).slice(0, 3)) await visit(app, PRIMARY, "/counted", { userAgent: ua });
    const body = await linkAnalyticsWhen(app, account.key, "counted", (b) => b.totalViews >= 3);
    assert.equal(body.totalViews, 3);
    assert.deepEqual(body.deviceStats, { mobile: 1, desktop: 2 });
  });

  test("an update through the API is seen by the next visit (the cached answer is dropped)", async () => {
    await api(app, "POST", "/v1/links", { key: account.key, body: { url: "https://old.example.com/", slug: "moving" } });
    assert.equal((await visit(app, PRIMARY, "/moving")).headers.location, "https://old.example.com/");
    assert.equal((await visit(app, PRIMARY, "/moving")).headers.location, "https://old.example.com/", "now cached");
    const updated = await api(app, "PUT", "/v1/links/moving", { key: account.key, body: { destination: "https://new.example.com/" } });
    assert.equal(updated.status, 200, updated.text);
    assert.equal((await visit(app, PRIMARY, "/moving")).headers.location, "https://new.example.com/");
    await api(app, "DELETE", "/v1/links/moving", { key: account.key });
    assert.equal((await visit(app, PRIMARY, "/moving")).status, 404);
  });

  if (usingPostgres && usingRedis) {
    test("an update made on another instance (server.ts, same database and Redis) reaches this one over Redis", async () => {
      await api(app, "POST", "/v1/links", { key: account.key, body: { url: "https://one.example.com/", slug: "relayed" } });
      assert.equal((await visit(app, PRIMARY, "/relayed")).headers.location, "https://one.example.com/");
      const other = await startServer({ env: { ...app.env, DATA_DIR: `${app.env.DATA_DIR}/fast` }, shareWith: app });
      try {
        const updated = await api(other, "PUT", "/v1/links/relayed", { key: account.key, body: { destination: "https://two.example.com/" } });
        assert.equal(updated.status, 200, updated.text);
        assert.equal((await visit(app, PRIMARY, "/relayed")).headers.location, "https://two.example.com/");
      } finally {
        await other.stop();
      }
    });
  }

  test("SIGTERM writes every queued event before next start exits", async () => {
    await api(app, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com", slug: "flushed" } });
    for (let i = 0; i < 12; i += 1) await visit(app, PRIMARY, "/flushed");
    await app.stop("SIGTERM", { keepData: true });
    app = await startNextStart({ reuse: app });
    const body = await linkAnalyticsWhen(app, account.key, "flushed", (b) => b.totalViews >= 12);
    assert.equal(body.totalViews, 12);
  });
});
