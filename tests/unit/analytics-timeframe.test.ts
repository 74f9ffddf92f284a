import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { bucketIds, resolveRange } from "../../lib/analytics/timeframe";

const NOW = Date.parse("2026-11-22T15:30:00Z");
const iso = (d: Date) => d.toISOString();

describe("analytics ranges and buckets", () => {
  test("last_7_days is seven UTC days ending now, daily", () => {
    const range = resolveRange({ timeframe: "last_7_days" }, NOW, NOW);
    assert.equal(iso(range.from), "2026-11-16T00:00:00.000Z");
    assert.equal(range.bucket, "day");
    assert.deepEqual(bucketIds(range), ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"]);
  });

  test("last_month is the whole previous calendar month", () => {
    const range = resolveRange({ timeframe: "last_month" }, NOW, NOW);
    assert.equal(iso(range.from), "2026-10-01T00:00:00.000Z");
    assert.equal(iso(range.to), "2026-11-01T00:00:00.000Z");
    assert.equal(bucketIds(range).length, 31);
  });

  test("from/to are inclusive days; two days or less are hourly", () => {
    const one = resolveRange({ from: "2026-11-20", to: "2026-11-20" }, NOW, NOW);
    assert.equal(one.bucket, "hour");
    assert.equal(bucketIds(one).length, 24);
    assert.equal(bucketIds(one)[0], "2026-11-20T00:00");
    const two = resolveRange({ from: "2026-11-20", to: "2026-11-21" }, NOW, NOW);
    assert.equal(two.bucket, "hour");
    assert.equal(bucketIds(two).length, 48);
    assert.equal(resolveRange({ from: "2026-11-19", to: "2026-11-21" }, NOW, NOW).bucket, "day");
  });

  test("92 days are daily, 93 monthly", () => {
    assert.equal(resolveRange({ from: "2026-01-01", to: "2026-04-02" }, NOW, NOW).bucket, "day");
    const long = resolveRange({ from: "2026-01-01", to: "2026-04-03" }, NOW, NOW);
    assert.equal(long.bucket, "month");
    assert.deepEqual(bucketIds(long), ["2026-01", "2026-02", "2026-03", "2026-04"]);
  });

  test("all_time starts at the link's first day", () => {
    const range = resolveRange({ timeframe: "all_time" }, NOW, Date.parse("2025-06-10T08:00:00Z"));
    assert.equal(iso(range.from), "2025-06-10T00:00:00.000Z");
    assert.equal(range.bucket, "month");
  });

  test("bad dates, one-sided ranges and reversed ranges are refused with field", () => {
    for (const [query, field] of [
      [{ from: "2026-11-31", to: "2026-12-01" }, "from"],
      [{ from: "2026/11/01", to: "2026-12-01" }, "from"],
      [{ from: "2026-11-01" }, "to"],
      [{ to: "2026-11-01" }, "from"],
      [{ from: "2026-11-02", to: "2026-11-01" }, "to"],
    ] as const) {
      assert.throws(() => resolveRange(query, NOW, NOW), (error: { code: string; field: string }) => error.code === "invalid_request" && error.field === field);
    }
  });
});
