import assert from "node:assert/strict";
import { test } from "node:test";
import { rollupDeltas } from "../../lib/events/rollups";

const base = { accountId: "a", city: null, browser: null, visits: 1 };

test("visits and button clicks become hourly deltas per dimension, totals under dimension ''", () => {
  const at = new Date("2026-11-22T10:15:00Z");
  const later = new Date("2026-11-22T11:01:00Z");
  const deltas = rollupDeltas(
    [
      { ...base, linkId: "L", occurredAt: at, country: "us", device: "mobile", platform: "ios", referrer: "t.co", redirected: true },
      { ...base, linkId: "L", occurredAt: at, country: "us", device: "desktop", platform: "windows", referrer: "direct", redirected: false, city: "Boston" },
      { ...base, linkId: "L", occurredAt: later, country: "de", device: "mobile", platform: "android", referrer: "direct", redirected: true, visits: 3 },
    ],
    [{ linkId: "L", accountId: "a", occurredAt: at, buttonId: "adult-18plus-btn", buttonTitle: null, buttonUrl: null, buttonType: null, country: "us", device: "mobile", platform: "ios", referrer: "direct" }],
  );
  const find = (hour: string, dimension: string, value: string) =>
    deltas.find((d) => d.hour.toISOString() === hour && d.dimension === dimension && d.value === value);
  assert.deepEqual(find("2026-11-22T10:00:00.000Z", "", ""), { linkId: "L", hour: new Date("2026-11-22T10:00:00Z"), dimension: "", value: "", views: 2, clicks: 2, adultClicks: 1 });
  assert.equal(find("2026-11-22T10:00:00.000Z", "country", "us")?.views, 2);
  assert.equal(find("2026-11-22T10:00:00.000Z", "city", "boston")?.views, 1);
  assert.equal(find("2026-11-22T10:00:00.000Z", "button", "adult-18plus-btn")?.clicks, 1);
  assert.deepEqual([find("2026-11-22T11:00:00.000Z", "", "")?.views, find("2026-11-22T11:00:00.000Z", "", "")?.clicks], [3, 3], "a row counting three visits is three views (and redirects)");
  assert.equal(find("2026-11-22T11:00:00.000Z", "device", "mobile")?.views, 3);
});
