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
  const { recordVisit, recordClick, flushEvents, eventQueueStats } = await import("../../lib/events/record");
  const at = new Date("2026-11-20T10:30:00Z");
  for (let i = 0; i < 8; i += 1) {
    recordVisit({ linkId: "L", accountId: "a", at, country: i % 2 ? "US" : null, city: null, device: "mobile", platform: "ios", browser: "Safari", referrer: "https://www.t.co/x", redirected: true });
  }
  recordClick({ linkId: "W", accountId: "a", at, buttonId: "adult-18plus-btn", buttonTitle: "18+", buttonUrl: null, buttonType: "adult-confirmation", country: "DE", device: "desktop", platform: "macos", referrer: null });
  recordClick({ linkId: "W", accountId: "a", at, buttonId: "shop", buttonTitle: "Shop", buttonUrl: "https://x.example", buttonType: "simple", country: "DE", device: "desktop", platform: "macos", referrer: null });
  for (let i = 0; i < 5; i += 1) {
    recordVisit({ linkId: "L", accountId: "a", at, country: "US", city: null, device: "mobile", platform: "ios", browser: null, referrer: null, redirected: false });
  }
  assert.deepEqual(eventQueueStats(), { queued: 10, dropped: 5, written: 0 });
  await flushEvents();
  assert.deepEqual(eventQueueStats(), { queued: 0, dropped: 5, written: 10 });
  const db = env.db;
  assert.equal(await db.visitEvent.count(), 8);
  assert.equal(await db.clickEvent.count(), 2);
  const visit = await db.visitEvent.findFirstOrThrow({ where: { country: "us" } });
  assert.equal(visit.occurredAt.toISOString(), "2026-11-20T10:30:00.000Z");
  assert.equal(visit.referrer, "t.co");
  const totals = await db.eventRollup.findFirstOrThrow({ where: { linkId: "L", dimension: "" } });
  assert.deepEqual([totals.hour.toISOString(), totals.views, totals.clicks], ["2026-11-20T10:00:00.000Z", 8, 8]);
  const countries = await db.eventRollup.findMany({ where: { linkId: "L", dimension: "country" }, orderBy: { value: "asc" } });
  assert.deepEqual(countries.map((r) => [r.value, r.views]), [["unknown", 4], ["us", 4]]);
  const page = await db.eventRollup.findFirstOrThrow({ where: { linkId: "W", dimension: "" } });
  assert.deepEqual([page.views, page.clicks, page.adultClicks], [0, 2, 1]);
});
