import { csvRow } from "../text/csv";
import { BOT_REASONS } from "./audience";
import type { analyticsForExport } from "./analytics-for-identifier";

// GET /v1/analytics/export/{identifier} and the dashboard's "Download CSV": one row per time
// bucket of the answer GET /v1/analytics/links/{identifier} gives for the same query (so the two
// always agree), through the same cell writer as the link export (formula cells protected).

export const ANALYTICS_CSV_COLUMNS = ["date", "views", "uniqueVisitors", "clicks", "botViews", ...BOT_REASONS.map((reason) => `bots_${reason}`)] as const;

type Exported = Awaited<ReturnType<typeof analyticsForExport>>;

const cell = (n: number | null) => (n === null ? "" : String(n));

/** The header row, then a row per bucket, oldest first. */
export function analyticsCsv({ analytics }: Exported): string {
  const rows = analytics.dailyViews.map((bucket) =>
    csvRow([bucket.date, cell(bucket.views), cell(bucket.uniqueVisitors), cell(bucket.clicks), cell(bucket.botViews), ...BOT_REASONS.map((reason) => cell(bucket.botReasons[reason] ?? 0))]),
  );
  return csvRow([...ANALYTICS_CSV_COLUMNS]) + rows.join("");
}

/** `hop-analytics-hop.test__spring-2026-11-29.csv`: the link's id, with anything but letters, digits, `.`, `_` and `-` as `-`. */
export function analyticsFileName({ publicId }: Exported, now = new Date()): string {
  return `hop-analytics-${publicId.replace(/[^A-Za-z0-9._-]/g, "-").slice(0, 100)}-${now.toISOString().slice(0, 10)}.csv`;
}

/** The CSV as a download. */
export function analyticsCsvResponse(exported: Exported): Response {
  return new Response(analyticsCsv(exported), {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${analyticsFileName(exported)}"`, "cache-control": "no-store" },
  });
}
