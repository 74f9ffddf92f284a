import type { Db } from "../db/open";
import { shortUrlOf } from "../links/public-id";
import { bucketIds, resolveRange } from "./timeframe";

// The dashboard's account overview: the last 30 days of every link and page of one account, read
// from the hourly rollups (grouped in SQL, so the answer is ~30 rows per series, whatever the
// number of links or events).

export async function accountOverview(db: Db, accountId: string, now = Date.now()) {
  const range = resolveRange({ timeframe: "last_30_days" }, now, now);
  const [daily, topLinks, topCountries] = await Promise.all([
    db.$queryRaw<Array<{ day: Date; views: bigint | number; clicks: bigint | number }>>`
      SELECT date_trunc('day', r."hour") AS day, SUM(r.views) AS views, SUM(r.clicks) AS clicks
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
  const byDay = new Map(daily.map((row) => [new Date(row.day).toISOString().slice(0, 10), row]));
  const series = bucketIds(range).map((date) => ({ date, views: Number(byDay.get(date)?.views ?? 0), clicks: Number(byDay.get(date)?.clicks ?? 0) }));
  return {
    from: range.from.toISOString(),
    series,
    totalViews: series.reduce((sum, day) => sum + day.views, 0),
    totalClicks: series.reduce((sum, day) => sum + day.clicks, 0),
    topLinks: topLinks.map((row) => ({ id: row.publicId, title: row.title, url: shortUrlOf(row.domain, row.slug), type: row.type, views: Number(row.views), clicks: Number(row.clicks) })),
    topCountries: topCountries.map((row) => ({ name: row.value === "unknown" ? "unknown" : row.value.toUpperCase(), views: Number(row.views) })),
  };
}
