import assert from "node:assert/strict";
import { test } from "node:test";
import { analyticsCsv, analyticsFileName } from "../../lib/analytics/export-analytics";

// The analytics CSV (docs/API.md, "Analytics"): a header, one CRLF row per bucket, every cell
// through the link export's writer (a formula-like cell gets a leading '), a file name that
// cannot break out of its header.

const bucket = (date: string, extra: Partial<{ views: number; uniqueVisitors: number | null; botReasons: Record<string, number> }> = {}) => ({
  date, views: 3, clicks: 2, adultClicks: 0, countries: {}, devices: {}, platforms: {}, referrers: {}, uniqueVisitors: 2, botViews: 1, botReasons: { head: 1 }, ...extra,
});
const exported = (dailyViews: ReturnType<typeof bucket>[], publicId = "hop.test__sale") =>
  ({ analytics: { dailyViews }, publicId }) as unknown as Parameters<typeof analyticsCsv>[0];

test("a header, then a row per bucket; null uniques are empty; reasons in their columns", () => {
  const csv = analyticsCsv(exported([bucket("2026-11-28"), bucket("2026-11-29", { uniqueVisitors: null, botReasons: { preview: 4, datacenter: 2 } })]));
  assert.equal(
    csv,
    "date,views,uniqueVisitors,clicks,botViews,bots_preview,bots_crawler,bots_head,bots_prefetch,bots_datacenter\r\n" +
      "2026-11-28,3,2,2,1,0,0,1,0,0\r\n" +
      "2026-11-29,3,,2,1,4,0,0,0,2\r\n",
  );
});

test("a cell that a spreadsheet would run as a formula is written as text", () => {
  const csv = analyticsCsv(exported([bucket("=HYPERLINK(\"http://evil\")"), bucket("+1"), bucket("@SUM(A1)")]));
  const dates = csv.split("\r\n").slice(1, -1).map((line) => line.slice(0, line.indexOf(",", line.startsWith('"') ? line.lastIndexOf('"') : 0)));
  assert.deepEqual(dates, ['"\'=HYPERLINK(""http://evil"")"', "'+1", "'@SUM(A1)"]);
});

test("the file name keeps only safe characters of the link's id", () => {
  assert.equal(analyticsFileName(exported([], 'a"b;\r\nc/d__é'), new Date("2026-11-29T12:00:00Z")), "hop-analytics-a-b---c-d__--2026-11-29.csv");
});
