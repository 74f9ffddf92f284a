import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// People and bots, unique visitors per day and UTM, from the recorder to the answer
// (docs/events.md): bots' views are kept apart by reason, a person is one unique visitor per link
// and UTC day, the visit's UTM parameters are counted, and a rebuild gives the same figures.
process.env.EVENT_FLUSH_MS = "600000";
let env: Awaited<ReturnType<typeof openTestDb>>;
before(async () => {
  env = await openTestDb();
});
after(() => env.close());

const DAY1 = Date.parse("2026-11-20T10:30:00Z");
const DAY2 = Date.parse("2026-11-21T09:05:00Z");
const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const OTHER_BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

test("people, bots by reason, unique visitors per day and UTM; the rebuild agrees", async () => {
  const { recordView } = await import("../../lib/visit/record-view");
  const { flushEvents } = await import("../../lib/events/flush-events");
  const { linkAnalytics } = await import("../../lib/analytics/link-analytics");
  const { rebuildRollups } = await import("../../lib/analytics/rebuild-rollups");
  const db = env.db;
  const view = (at: number, extra: { ip?: string; userAgent?: string; bot?: "preview" | "crawler" | "head" | "prefetch" | "datacenter" | null; search?: string; url?: string }) =>
    recordView({
      linkId: "U", accountId: "a", at, country: "DE", city: null, device: "mobile", platform: "ios", browser: "Safari", referrer: null, redirected: true,
      url: extra.url ?? "https://shop.example/?utm_source=bio&utm_medium=social&utm_campaign=spring",
      bot: extra.bot ?? null, visitor: null, ip: extra.ip ?? "203.0.113.7", userAgent: extra.userAgent ?? BROWSER, search: extra.search ?? "",
    });
  // Day 1: one person three times (= 1), another agent from the same address (= 2), a person from
  // elsewhere tagged by the short link's own query; bots of every reason.
  view(DAY1, {});
  view(DAY1 + 1500, {});
  view(DAY1 + 3_600_000, {});
  view(DAY1 + 10, { userAgent: OTHER_BROWSER });
  view(DAY1 + 20, { ip: "198.51.100.9", search: "?utm_source=newsletter&utm_campaign=launch" });
  view(DAY1 + 30, { bot: "preview" });
  view(DAY1 + 31, { bot: "crawler" });
  view(DAY1 + 32, { bot: "head" });
  view(DAY1 + 33, { bot: "head" });
  view(DAY1 + 34, { bot: "prefetch" });
  view(DAY1 + 35, { bot: "datacenter", ip: "192.0.2.1" });
  // Day 2: the first person again (= 1 that day), untagged destination.
  view(DAY2, { url: "https://shop.example/plain" });
  await flushEvents();

  const botRows = await db.visitEvent.findMany({ where: { linkId: "U", NOT: { bot: null } } });
  assert.ok(botRows.every((r) => r.visitor === null), "bots get no pseudonym");
  const people = await db.visitEvent.findMany({ where: { linkId: "U", bot: null } });
  assert.ok(people.every((r) => /^[0-9a-f]{16}$/.test(r.visitor ?? "")), "people's rows carry the 16-hex pseudonym");
  const days = await db.visitorDay.findMany({ where: { linkId: "U" }, orderBy: [{ day: "asc" }, { hour: "asc" }] });
  assert.deepEqual(days.map((d) => d.day.toISOString().slice(0, 10)), ["2026-11-20", "2026-11-20", "2026-11-20", "2026-11-21"]);
  assert.ok(days.every((d) => d.hour.toISOString() < "2026-11-20T11" || d.day.toISOString().startsWith("2026-11-21")), "a visitor's hour is their first that day");

  const subject = { linkId: "U", publicId: "hop.test__u", type: "deeplink", title: null, destination: "https://shop.example/" };
  const range = { from: new Date("2026-11-20T00:00:00Z"), to: new Date("2026-11-22T00:00:00Z"), bucket: "day" as const };
  const answer = async (audience: "people" | "bots" | "all" = "people") => linkAnalytics(db, subject, range, undefined, audience);
  const peopleAnswer = await answer();
  assert.equal(peopleAnswer.totalViews, 6, "people only, as always");
  assert.equal(peopleAnswer.totalClicks, 6);
  assert.equal(peopleAnswer.uniqueVisitors, 4, "3 on the first day + 1 on the second: the sum of daily uniques");
  assert.deepEqual(peopleAnswer.dailyViews.map((b) => [b.date, b.views, b.uniqueVisitors, b.botViews]), [["2026-11-20", 5, 3, 6], ["2026-11-21", 1, 1, 0]]);
  assert.deepEqual(peopleAnswer.botViews, { total: 6, byReason: { preview: 1, crawler: 1, head: 2, prefetch: 1, datacenter: 1 } });
  assert.deepEqual(peopleAnswer.utmStats, {
    sources: [{ name: "bio", views: 4 }, { name: "newsletter", views: 1 }],
    mediums: [{ name: "social", views: 4 }],
    campaigns: [{ name: "spring", views: 4 }, { name: "launch", views: 1 }],
  });
  const bots = await answer("bots");
  assert.deepEqual([bots.totalViews, bots.totalClicks, bots.uniqueVisitors, bots.audience], [6, 0, null, "bots"]);
  assert.deepEqual(bots.deviceStats, { mobile: 6 });
  const all = await answer("all");
  assert.deepEqual([all.totalViews, all.totalClicks, all.uniqueVisitors], [12, 6, 4]);

  const hourly = await linkAnalytics(db, subject, { from: new Date("2026-11-20T00:00:00Z"), to: new Date("2026-11-21T00:00:00Z"), bucket: "hour" }, undefined, "people");
  assert.deepEqual(hourly.dailyViews.filter((b) => b.views).map((b) => [b.date, b.views, b.uniqueVisitors]), [["2026-11-20T10:00", 4, 3], ["2026-11-20T11:00", 1, 0]], "a visitor counts in the hour of their first visit that day");

  const rollups = async () => (await db.eventRollup.findMany({ where: { linkId: "U" }, orderBy: [{ hour: "asc" }, { dimension: "asc" }, { value: "asc" }] })).map((r) => [r.hour.toISOString(), r.dimension, r.value, r.views, r.clicks]);
  const visitorDays = async () => (await db.visitorDay.findMany({ where: { linkId: "U" }, orderBy: [{ day: "asc" }, { visitor: "asc" }] })).map((d) => [d.day.toISOString(), d.visitor, d.hour.toISOString()]);
  const [writtenRollups, writtenDays] = [await rollups(), await visitorDays()];
  assert.ok(writtenRollups.some(([, dimension, value, views]) => dimension === "bot" && value === "head" && views === 2));
  assert.ok(!writtenRollups.some(([, dimension, , views]) => dimension === "" && views === 12), "totals never count bots");
  await db.visitorDay.deleteMany({ where: { linkId: "U" } });
  await rebuildRollups(db, { linkId: "U" });
  assert.deepEqual(await rollups(), writtenRollups, "rebuilt from the rows, the rollups are the same");
  assert.deepEqual(await visitorDays(), writtenDays, "and so are the unique visitors");
});

test("a filtered answer counts no unique visitors and still tells bots apart", async () => {
  const { linkAnalytics } = await import("../../lib/analytics/link-analytics");
  const subject = { linkId: "U", publicId: "hop.test__u", type: "deeplink", title: null, destination: null };
  const range = { from: new Date("2026-11-20T00:00:00Z"), to: new Date("2026-11-22T00:00:00Z"), bucket: "day" as const };
  const filtered = await linkAnalytics(env.db, subject, range, { country: "de" });
  assert.equal(filtered.totalViews, 6);
  assert.equal(filtered.uniqueVisitors, null);
  assert.equal(filtered.botViews.total, 6);
});
