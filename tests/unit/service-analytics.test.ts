import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// Events placed at known past times through the service layer; the analytics answer for each
// timeframe, bucket size and from/to edge is checked against them, with a fixed "now".
const NOW = Date.parse("2026-11-22T15:30:00Z");
const VISITS: Array<[string, string, string]> = [
  ["2026-11-22T10:05:00Z", "US", "mobile"],
  ["2026-11-22T10:45:00Z", "US", "desktop"],
  ["2026-11-22T14:59:59Z", "DE", "mobile"],
  ["2026-11-21T23:59:59Z", "FR", "tablet"],
  ["2026-11-16T00:00:00Z", "GB", "mobile"],
  ["2026-11-15T23:59:59Z", "GB", "mobile"],
  ["2026-10-15T12:00:00Z", "JP", "desktop"],
  ["2026-08-26T00:00:00Z", "BR", "mobile"],
  ["2026-08-24T12:00:00Z", "BR", "mobile"],
  ["2025-12-01T08:00:00Z", "IN", "desktop"],
];

let env: Awaited<ReturnType<typeof openTestDb>>;
let accountId: string;
let linkId: string;
let analytics: (query: Record<string, string>) => Promise<any>;

before(async () => {
  env = await openTestDb();
  const { createAccount } = await import("../../lib/accounts/create-account");
  const { createLink } = await import("../../lib/links/create-link");
  const { recordVisit } = await import("../../lib/events/record");
  const { flushEvents } = await import("../../lib/events/flush-events");
  const { analyticsForIdentifier } = await import("../../lib/analytics/analytics-for-identifier");
  const account = await createAccount(env.db, { email: "an@example.test", plan: "growth" });
  accountId = account.id;
  const link = await createLink(env.db, { id: account.id, plan: "growth", limitOverrides: {} }, { url: "https://example.com", slug: "timed", title: "Timed" });
  linkId = link.id;
  for (const [at, country, device] of VISITS) {
    recordVisit({ linkId, accountId, at: new Date(at), country, city: null, device, platform: "other", browser: null, referrer: null, redirected: true });
  }
  await flushEvents();
  analytics = (query) => analyticsForIdentifier(env.db, accountId, "timed", query, NOW);
});
after(() => env.close());

describe("analytics ranges over events at known times", () => {
  test("last_7_days: daily buckets from six days ago to today", async () => {
    const body = await analytics({ timeframe: "last_7_days" });
    assert.equal(body.totalViews, 5);
    assert.equal(body.totalClicks, 5);
    assert.deepEqual(body.dailyViews.map((b: { date: string }) => b.date), ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"]);
    assert.deepEqual(body.dailyViews.map((b: { views: number }) => b.views), [1, 0, 0, 0, 0, 1, 3]);
    assert.deepEqual(body.dailyViews[6].countries, { us: 2, de: 1 });
    assert.deepEqual(body.dailyViews[6].devices, { mobile: 2, desktop: 1 });
    assert.equal(body.topCountry, "US");
    assert.equal(body.lastViewed, "2026-11-22T14:59:59.000Z");
  });

  test("last_30_days, last_90_days, this_month, last_month", async () => {
    assert.equal((await analytics({ timeframe: "last_30_days" })).totalViews, 6);
    const ninety = await analytics({ timeframe: "last_90_days" });
    assert.equal(ninety.totalViews, 8, "2026-08-25 is the first day; the 24th is outside");
    assert.equal(ninety.dailyViews.length, 90);
    assert.equal((await analytics({ timeframe: "this_month" })).totalViews, 6);
    const lastMonth = await analytics({ timeframe: "last_month" });
    assert.equal(lastMonth.totalViews, 1);
    assert.deepEqual(lastMonth.countryStats, [{ name: "JP", views: 1 }]);
    assert.equal(lastMonth.lastViewed, "2026-10-15T12:00:00.000Z");
  });

  test("all_time is monthly from the first event", async () => {
    const body = await analytics({ timeframe: "all_time" });
    assert.equal(body.totalViews, 10);
    assert.equal(body.dailyViews[0].date, "2025-12");
    assert.equal(body.dailyViews.at(-1).date, "2026-11");
    assert.equal(body.dailyViews.length, 12);
    assert.deepEqual(body.dailyViews.filter((b: { views: number }) => b.views).map((b: { date: string; views: number }) => [b.date, b.views]), [["2025-12", 1], ["2026-08", 2], ["2026-10", 1], ["2026-11", 6]]);
  });

  test("from/to: inclusive days, hourly up to two days", async () => {
    const day = await analytics({ from: "2026-11-22", to: "2026-11-22" });
    assert.equal(day.dailyViews.length, 24);
    assert.deepEqual(day.dailyViews.filter((b: { views: number }) => b.views).map((b: { date: string; views: number }) => [b.date, b.views]), [["2026-11-22T10:00", 2], ["2026-11-22T14:00", 1]]);
    const edges = await analytics({ from: "2026-11-16", to: "2026-11-21" });
    assert.equal(edges.totalViews, 2, "00:00:00 of the first day and 23:59:59 of the last are in; a second earlier or later is out");
    assert.equal(edges.dailyViews.length, 6);
  });

  test("rebuilding the rollups from the raw events reproduces them exactly", async () => {
    const { rebuildRollups } = await import("../../lib/analytics/rebuild-rollups");
    const snapshot = async () =>
      (await env.db.eventRollup.findMany({ orderBy: [{ linkId: "asc" }, { hour: "asc" }, { dimension: "asc" }, { value: "asc" }] })).map((r) => JSON.stringify(r));
    const before = await snapshot();
    await env.db.eventRollup.deleteMany({ where: { dimension: "country" } });
    await rebuildRollups(env.db, { linkId });
    assert.deepEqual(await snapshot(), before);
    await rebuildRollups(env.db);
    assert.deepEqual(await snapshot(), before);
  });
});
