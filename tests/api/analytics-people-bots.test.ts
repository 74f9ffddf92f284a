import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { cli, type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";
import { agents, PRIMARY, visit } from "../helpers/visit";

// docs/events.md, "People and bots", "Unique visitors", "UTM"; docs/API.md, "Analytics": people's
// views by default, bots' apart with their reason (link previews, crawlers, HEAD, prefetches,
// data-centre and library clients), unique visitors per day, the UTM breakdown, and the CSV.

const DESTINATION = "https://shop.example.com/item?utm_source=bio&utm_medium=social&utm_campaign=spring";
const OTHER_BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const PREFETCHES: Array<Record<string, string>> = [{ "sec-purpose": "prefetch" }, { purpose: "prefetch" }, { "x-moz": "prefetch" }, { "sec-purpose": "prefetch;prerender" }];

describe("analytics of people and bots", () => {
  let server: HopServer;
  let owner: TestAccount;
  let id: string;
  const expected = { preview: 0, crawler: 0, head: 0, prefetch: 0, datacenter: 0 };
  const get = (path: string, key = owner.key) => api(server, "GET", path, { key });

  before(async () => {
    server = await sharedServer();
    owner = await createAccount(server);
    const name = `trust-${Date.now().toString(36)}`;
    const made = await api(server, "POST", "/v1/links", { key: owner.key, body: { url: DESTINATION, slug: name } });
    assert.equal(made.status, 201, made.text);
    id = made.body.data?.id ?? made.body.id;
    const slug = `/${name}`;
    // People: one browser three times (1 unique), another browser (2), one tagged by the short link's query.
    for (let i = 0; i < 3; i += 1) assert.equal((await visit(server, PRIMARY, slug)).status, 302);
    await visit(server, PRIMARY, slug, { userAgent: OTHER_BROWSER });
    await visit(server, PRIMARY, `${slug}?utm_source=newsletter&utm_campaign=launch`, { userAgent: OTHER_BROWSER });
    // Bots of the shared corpus, by the reason their agent gives.
    for (const a of [...agents({ category: "preview" }), ...agents({ category: "bot" })]) {
      await visit(server, PRIMARY, slug, { userAgent: a.ua });
      if (a.category === "preview") expected.preview += 1;
      else if (/curl|wget|python|go-http|headless|axios|scrapy/i.test(a.ua)) expected.datacenter += 1;
      else expected.crawler += 1;
    }
    // A person's HEAD and a person's browser prefetching: bots' views too.
    for (let i = 0; i < 2; i += 1) assert.equal((await visit(server, PRIMARY, slug, { method: "HEAD" })).status, 302);
    expected.head += 2;
    for (const headers of PREFETCHES) await visit(server, PRIMARY, slug, { headers });
    expected.prefetch += PREFETCHES.length;
    const deadline = Date.now() + 15_000;
    const total = Object.values(expected).reduce((a, b) => a + b, 0);
    let body;
    do body = (await get(`/v1/analytics/links/${id}?timeframe=last_7_days`)).body;
    while ((body.totalViews < 5 || body.botViews?.total < total) && Date.now() < deadline);
  });
  after(() => server.stop());

  test("people by default, as before; bots apart by reason", async () => {
    const body = (await get(`/v1/analytics/links/${id}?timeframe=last_7_days`)).body;
    assert.equal(body.audience, "people");
    assert.equal(body.totalViews, 5, "the five people's views only");
    assert.equal(body.totalClicks, 5);
    assert.deepEqual(body.deviceStats, { desktop: 3, mobile: 2 }, "no bot in the people's breakdowns");
    assert.ok(expected.crawler > 0 && expected.datacenter > 0 && expected.preview > 0);
    assert.deepEqual(body.botViews, { total: Object.values(expected).reduce((a, b) => a + b, 0), byReason: expected });
    const today = body.dailyViews.at(-1);
    assert.equal(today.views, 5);
    assert.equal(today.botViews, body.botViews.total);
    assert.deepEqual(today.botReasons, Object.fromEntries(Object.entries(expected).filter(([, n]) => n > 0)));
  });

  test("unique visitors: the same visitor twice is one, two visitors are two", async () => {
    const body = (await get(`/v1/analytics/links/${id}?timeframe=last_7_days`)).body;
    assert.equal(body.uniqueVisitors, 2);
    assert.equal(body.dailyViews.at(-1).uniqueVisitors, 2);
    assert.equal(body.dailyViews.reduce((sum: number, b: { uniqueVisitors: number }) => sum + b.uniqueVisitors, 0), 2, "the total is the sum of the days");
  });

  test("UTM: the short link's own query, else the destination's", async () => {
    const body = (await get(`/v1/analytics/links/${id}?timeframe=last_7_days`)).body;
    assert.deepEqual(body.utmStats, {
      sources: [{ name: "bio", views: 4 }, { name: "newsletter", views: 1 }],
      mediums: [{ name: "social", views: 4 }],
      campaigns: [{ name: "spring", views: 4 }, { name: "launch", views: 1 }],
    });
  });

  test("audience=bots and audience=all; anything else is 400", async () => {
    const people = (await get(`/v1/analytics/links/${id}?timeframe=last_7_days`)).body;
    const bots = (await get(`/v1/analytics/links/${id}?timeframe=last_7_days&audience=bots`)).body;
    assert.equal(bots.audience, "bots");
    assert.equal(bots.totalViews, people.botViews.total);
    assert.equal(bots.totalClicks, 0, "a click is a person's");
    assert.equal(bots.uniqueVisitors, null);
    assert.ok(bots.deviceStats.bot > 0);
    const all = (await get(`/v1/analytics/links/${id}?timeframe=last_7_days&audience=all`)).body;
    assert.equal(all.totalViews, people.totalViews + people.botViews.total);
    assert.equal(all.uniqueVisitors, 2);
    const bad = await get(`/v1/analytics/links/${id}?audience=robots`);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.code, "invalid_request");
    assert.equal(bad.body.error.field, "audience");
  });

  test("CSV: the buckets as rows, a safe file name; another account's link is 404", async () => {
    const res = await get(`/v1/analytics/export/${id}?timeframe=last_7_days`);
    assert.equal(res.status, 200, res.text);
    assert.match(String(res.headers.get("content-type")), /^text\/csv; charset=utf-8/);
    assert.match(String(res.headers.get("content-disposition")), /^attachment; filename="hop-analytics-[A-Za-z0-9._-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text.split("\r\n");
    assert.equal(lines[0], "date,views,uniqueVisitors,clicks,botViews,bots_preview,bots_crawler,bots_head,bots_prefetch,bots_datacenter");
    assert.equal(lines.at(-1), "", "every record ends in CRLF");
    const rows = lines.slice(1, -1);
    const json = (await get(`/v1/analytics/links/${id}?timeframe=last_7_days`)).body;
    assert.equal(rows.length, json.dailyViews.length);
    const e = expected;
    assert.equal(rows.at(-1), `${json.dailyViews.at(-1).date},5,2,5,${json.botViews.total},${e.preview},${e.crawler},${e.head},${e.prefetch},${e.datacenter}`);
    const bots = (await get(`/v1/analytics/export/${id}?timeframe=last_7_days&audience=bots`)).text.split("\r\n");
    assert.match(bots.at(-2)!, new RegExp(`^\\d{4}-\\d{2}-\\d{2},${json.botViews.total},,0,`), "bots' views; no unique visitors for bots");
    const stranger = await createAccount(server);
    const foreign = await get(`/v1/analytics/export/${id}`, stranger.key);
    assert.equal(foreign.status, 404);
    assert.deepEqual(foreign.body, { error: "Link or website not found" });
    assert.equal((await get(`/v1/analytics/export/nothing-here`)).status, 404);
    assert.equal((await get(`/v1/analytics/export/${id}?timeframe=yesterday`)).status, 400);
  });

  test("a rebuild gives the same people, bots, uniques and UTM", async () => {
    const before = (await get(`/v1/analytics/links/${id}?timeframe=last_7_days`)).body;
    const rebuilt = await cli(server, "analytics", "rebuild", "--link", id);
    assert.equal(rebuilt.code, 0, rebuilt.stderr);
    const after = (await get(`/v1/analytics/links/${id}?timeframe=last_7_days`)).body;
    assert.deepEqual(after, before);
  });
});
