import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// The event queue is bounded: past EVENT_QUEUE_MAX, events are dropped and counted, never
// blocking; what was queued is written with its rollups on flush.
process.env.EVENT_QUEUE_MAX = "10";
process.env.EVENT_FLUSH_MS = "600000";
let env: Awaited<ReturnType<typeof openTestDb>>;
before(async () => {
  env = await openTestDb();
});
after(() => env.close());

test("a full queue drops and counts; a flush writes the rest with rollups", async () => {
  const { recordVisit, recordClick } = await import("../../lib/events/record");
  const { flushEvents } = await import("../../lib/events/flush-events");
  const { eventQueueStats } = await import("../../lib/events/event-queue");
  const at = new Date("2026-11-20T10:30:00Z");
  // A second apart: identical visits of one second would share a row (the next test).
  const second = (i: number) => new Date(at.getTime() + i * 1000);
  for (let i = 0; i < 8; i += 1) {
    recordVisit({ linkId: "L", accountId: "a", at: second(i), country: i % 2 ? "US" : null, city: null, device: "mobile", platform: "ios", browser: "Safari", referrer: "https://www.t.co/x", redirected: true });
  }
  recordClick({ linkId: "W", accountId: "a", at, buttonId: "adult-18plus-btn", buttonTitle: "18+", buttonUrl: null, buttonType: "adult-confirmation", country: "DE", device: "desktop", platform: "macos", referrer: null });
  recordClick({ linkId: "W", accountId: "a", at, buttonId: "shop", buttonTitle: "Shop", buttonUrl: "https://x.example", buttonType: "simple", country: "DE", device: "desktop", platform: "macos", referrer: null });
  for (let i = 0; i < 5; i += 1) {
    recordVisit({ linkId: "L", accountId: "a", at: second(10 + i), country: "US", city: null, device: "mobile", platform: "ios", browser: null, referrer: null, redirected: false });
  }
  assert.deepEqual(eventQueueStats(), { queued: 10, spooled: 0, dropped: 5, written: 0 });
  await flushEvents();
  assert.deepEqual(eventQueueStats(), { queued: 0, spooled: 0, dropped: 5, written: 10 });
  const db = env.db;
  assert.equal(await db.visitEvent.count(), 8);
  assert.equal(await db.clickEvent.count(), 2);
  const visit = await db.visitEvent.findFirstOrThrow({ where: { country: "us" }, orderBy: { occurredAt: "asc" } });
  assert.equal(visit.occurredAt.toISOString(), "2026-11-20T10:30:01.000Z");
  assert.equal(visit.visits, 1);
  assert.equal(visit.referrer, "t.co");
  const totals = await db.eventRollup.findFirstOrThrow({ where: { linkId: "L", dimension: "" } });
  assert.deepEqual([totals.hour.toISOString(), totals.views, totals.clicks], ["2026-11-20T10:00:00.000Z", 8, 8]);
  const countries = await db.eventRollup.findMany({ where: { linkId: "L", dimension: "country" }, orderBy: { value: "asc" } });
  assert.deepEqual(countries.map((r) => [r.value, r.views]), [["unknown", 4], ["us", 4]]);
  const page = await db.eventRollup.findFirstOrThrow({ where: { linkId: "W", dimension: "" } });
  assert.deepEqual([page.views, page.clicks, page.adultClicks], [0, 2, 1]);
});

test("identical visits of one second share a row that counts them; rollups and their rebuild agree", async () => {
  const { recordVisit } = await import("../../lib/events/record");
  const { flushEvents } = await import("../../lib/events/flush-events");
  const { eventQueueStats } = await import("../../lib/events/event-queue");
  const { rebuildRollups } = await import("../../lib/analytics/rebuild-rollups");
  const db = env.db;
  const before = eventQueueStats();
  const t0 = Date.parse("2026-11-21T08:15:07Z");
  const visit = (at: number, country: string | null = "DE") =>
    recordVisit({ linkId: "S", accountId: "a", at, country, city: "Berlin", device: "mobile", platform: "android", browser: "Chrome", referrer: "https://t.co/x", redirected: true });
  for (let ms = 0; ms < 1000; ms += 1) visit(t0 + ms);
  visit(t0 + 1000);
  visit(t0 + 500, "FR");
  // Profiles taking turns: each goes back to its own open row.
  visit(t0 + 600);
  visit(t0 + 700, "FR");
  assert.equal(eventQueueStats().queued, 1004, "every visit counted while queued");
  const writing = flushEvents();
  visit(t0 + 999);
  await writing;
  await flushEvents();
  assert.equal(eventQueueStats().written - before.written, 1005);

  const rows = await db.visitEvent.findMany({ where: { linkId: "S" }, orderBy: [{ occurredAt: "asc" }, { id: "asc" }] });
  assert.deepEqual(
    rows.map((r) => [r.occurredAt.toISOString(), r.country, r.visits]),
    [
      ["2026-11-21T08:15:07.700Z", "fr", 2],
      ["2026-11-21T08:15:07.999Z", "de", 1001],
      ["2026-11-21T08:15:07.999Z", "de", 1],
      ["2026-11-21T08:15:08.000Z", "de", 1],
    ],
    "one row per profile and second, the last visit's time; a row taken by a write never grows",
  );
  const rollups = async () =>
    (await db.eventRollup.findMany({ where: { linkId: "S" }, orderBy: [{ dimension: "asc" }, { value: "asc" }] })).map((r) => [r.dimension, r.value, r.views, r.clicks]);
  const written = await rollups();
  assert.deepEqual(written, [
    ["", "", 1005, 1005],
    ["city", "berlin", 1005, 0],
    ["country", "de", 1003, 0],
    ["country", "fr", 2, 0],
    ["device", "mobile", 1005, 0],
    ["platform", "android", 1005, 0],
    ["referrer", "t.co", 1005, 0],
  ]);
  await rebuildRollups(db, { linkId: "S" });
  assert.deepEqual(await rollups(), written, "rebuilt from the rows, the rollups are the same");
});
