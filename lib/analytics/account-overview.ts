import type { Db } from "../db/open";
import { shortUrlOf } from "../links/public-id";
import { bucketId, bucketIds, resolveRange, type AnalyticsQuery } from "./timeframe";
import type { z } from "zod";

// The dashboard's account overview: every link and page of one account in a range (the last 30
// days unless the page picks another, with the ranges and bucket sizes of the API), read from the
// hourly rollups (grouped in SQL, so the answer is one row per bucket, whatever the number of
// links or events).

export async function accountOverview(db: Db, accountId: string, query: z.infer<typeof AnalyticsQuery> = { timeframe: "last_30_days" }, now = Date.now()) {
  let range = resolveRange(query, now, now);
  if (query.timeframe === "all_time" && !query.from) {
    const [first] = await db.$queryRaw<Array<{ hour: Date | null }>>`
      SELECT MIN(r."hour") AS hour FROM "EventRollup" r JOIN "Link" l ON l.id = r."linkId" WHERE l."accountId" = ${accountId}`;
    range = resolveRange(query, now, first?.hour ? new Date(first.hour).getTime() : now);
  }
  const [daily, topLinks, topCountries] = await Promise.all([
    db.$queryRaw<Array<{ day: Date; views: bigint | number; clicks: bigint | number }>>`
      SELECT date_trunc(${range.bucket}, r."hour") AS day, SUM(r.views) AS views, SUM(r.clicks) AS clicks
      FROM "EventRollup" r JOIN "Link" l ON l.id = r."linkId"
      WHERE l."accountId" = ${accountId} AND r.dimension = '' AND r."hour" >= ${range.from} AND r."hour" < ${range.to}
      GROUP BY 1`,
    db.$queryRaw<Array<{ publicId: string; title: string | null; domain: string; slug: string; type: string; views: bigint | number; clicks: bigint | number }>>`
      SELECT l."publicId", l.title, l.domain, l.slug, l.type, SUM(r.views) AS views, SUM(r.clicks) AS clicks
      FROM "EventRollup" r JOIN "Link" l ON l.id = r."linkId"
      WHERE l."accountId" = ${accountId} AND r.dimension = '' AND r."hour" >= ${range.from} AND r."hour" < ${range.to}
      GROUP BY l.id, l."publicId", l.title, l.domain, l.slug, l.type
      ORDER BY SUM(r.views) DESC, l."publicId" ASC LIMIT 5`,
    db.$queryRaw<Array<{ value: string; views: bigint | number }>>`
      SELECT r.value, SUM(r.views) AS views
      FROM "EventRollup" r JOIN "Link" l ON l.id = r."linkId"
      WHERE l."accountId" = ${accountId} AND r.dimension = 'country' AND r."hour" >= ${range.from} AND r."hour" < ${range.to}
      GROUP BY r.value ORDER BY SUM(r.views) DESC, r.value ASC LIMIT 8`,
  ]);
  const byDay = new Map(daily.map((row) => [bucketId(new Date(row.day), range.bucket), row]));
  const series = bucketIds(range).map((date) => ({ date, views: Number(byDay.get(date)?.views ?? 0), clicks: Number(byDay.get(date)?.clicks ?? 0) }));
  return {
    from: range.from.toISOString(),
    bucket: range.bucket,
    series,
    totalViews: series.reduce((sum, day) => sum + day.views, 0),
    totalClicks: series.reduce((sum, day) => sum + day.clicks, 0),
    topLinks: topLinks.map((row) => ({ id: row.publicId, title: row.title, url: shortUrlOf(row.domain, row.slug), type: row.type, views: Number(row.views), clicks: Number(row.clicks) })),
    topCountries: topCountries.map((row) => ({ name: row.value === "unknown" ? "unknown" : row.value.toUpperCase(), views: Number(row.views) })),
  };
}
