import type { Db } from "../db/open";
import { ADULT_BUTTON_ID } from "../events/rollups";
import { bucketId, bucketIds, type Range } from "./timeframe";

// Answers come from EventRollup (hourly rows per link and dimension, written by the event
// flusher), grouped to the requested bucket size in SQL, so a link with a million events reads a
// few thousand rows. Raw events are read only for lastViewed (one index probe) and for the latest
// title/url/type of each tracked button.

interface RollupRow {
  bucket: Date;
  dimension: string;
  value: string;
  views: bigint | number;
  clicks: bigint | number;
  adultClicks: bigint | number;
}

// A type, not an interface: the analytics body's buckets are loose objects (an index signature),
// which only a type alias satisfies.
type Bucket = {
  date: string;
  views: number;
  clicks: number;
  adultClicks: number;
  countries: Record<string, number>;
  devices: Record<string, number>;
  platforms: Record<string, number>;
  referrers: Record<string, number>;
};

export interface AnalyticsSubject {
  linkId: string;
  publicId: string;
  type: string;
  title: string | null;
  destination: string | null;
}

const BUCKET_MAPS = { country: "countries", device: "devices", platform: "platforms", referrer: "referrers" } as const;

function add(map: Record<string, number>, key: string, amount: number): void {
  if (amount) map[key] = (map[key] ?? 0) + amount;
}

function sortedEntries(map: Record<string, number>): Array<[string, number]> {
  return Object.entries(map).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

export async function linkAnalytics(db: Db, subject: AnalyticsSubject, range: Range) {
  const rows = await db.$queryRaw<RollupRow[]>`
    SELECT date_trunc(${range.bucket}, "hour") AS bucket, dimension, value,
           SUM(views) AS views, SUM(clicks) AS clicks, SUM("adultClicks") AS "adultClicks"
    FROM "EventRollup"
    WHERE "linkId" = ${subject.linkId} AND "hour" >= ${range.from} AND "hour" < ${range.to}
    GROUP BY 1, 2, 3`;

  const buckets = new Map<string, Bucket>(
    bucketIds(range).map((date) => [date, { date, views: 0, clicks: 0, adultClicks: 0, countries: {}, devices: {}, platforms: {}, referrers: {} }]),
  );
  const totals = { views: 0, clicks: 0, adultClicks: 0 };
  const byDimension: Record<string, Record<string, number>> = { country: {}, device: {}, platform: {}, referrer: {} };
  const buttonClicks = new Map<string, Map<string, number>>();

  for (const row of rows) {
    const bucket = buckets.get(bucketId(new Date(row.bucket), range.bucket));
    if (!bucket) continue;
    const views = Number(row.views);
    const clicks = Number(row.clicks);
    if (row.dimension === "") {
      bucket.views += views;
      bucket.clicks += clicks;
      bucket.adultClicks += Number(row.adultClicks);
      totals.views += views;
      totals.clicks += clicks;
      totals.adultClicks += Number(row.adultClicks);
    } else if (row.dimension in BUCKET_MAPS) {
      add(bucket[BUCKET_MAPS[row.dimension as keyof typeof BUCKET_MAPS]], row.value, views);
      add(byDimension[row.dimension], row.value, views);
    }
  }

  // dailyClicks are per day whatever the bucket size, so buttons are grouped by day separately.
  const buttonRows = await db.$queryRaw<Array<{ day: Date; value: string; clicks: bigint | number }>>`
    SELECT date_trunc('day', "hour") AS day, value, SUM(clicks) AS clicks
    FROM "EventRollup"
    WHERE "linkId" = ${subject.linkId} AND dimension = 'button' AND "hour" >= ${range.from} AND "hour" < ${range.to}
    GROUP BY 1, 2`;
  for (const row of buttonRows) {
    const perDay = buttonClicks.get(row.value) ?? new Map<string, number>();
    perDay.set(new Date(row.day).toISOString().slice(0, 10), Number(row.clicks));
    buttonClicks.set(row.value, perDay);
  }

  const countries = sortedEntries(byDimension.country);
  const top = countries.find(([code]) => code !== "unknown");
  const [lastView] = await db.$queryRaw<Array<{ at: Date }>>`
    SELECT "occurredAt" AS at FROM "VisitEvent"
    WHERE "linkId" = ${subject.linkId} AND "occurredAt" >= ${range.from} AND "occurredAt" < ${range.to}
    ORDER BY "occurredAt" DESC LIMIT 1`;

  const clicksByLink = subject.type === "website"
    ? await websiteButtons(db, subject.linkId, buttonClicks)
    : [deeplinkEntry(subject, totals.clicks, buckets)];
  const totalClicks = subject.type === "website" ? clicksByLink.reduce((sum, b) => sum + b.totalClicks, 0) : totals.clicks;

  return {
    totalViews: totals.views,
    dailyViews: [...buckets.values()],
    deviceStats: Object.fromEntries(sortedEntries(byDimension.device)),
    countryStats: countries.map(([code, views]) => ({ name: code === "unknown" ? "unknown" : code.toUpperCase(), views })),
    topCountry: top ? top[0].toUpperCase() : null,
    topCountryViews: top ? top[1] : 0,
    lastViewed: lastView ? new Date(lastView.at).toISOString() : null,
    platformStats: Object.fromEntries(sortedEntries(byDimension.platform)),
    referrerStats: sortedEntries(byDimension.referrer).map(([domain, views]) => ({ domain, views })),
    totalClicks,
    clicksByLink,
    adultConfirmation: totals.adultClicks > 0
      ? { clicks: totals.adultClicks, rate: totals.views ? Math.round((totals.adultClicks / totals.views) * 10000) / 100 : 0 }
      : null,
  };
}

function dailySeries(perDay: Map<string, number>) {
  return [...perDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, clicks]) => ({ date, clicks }));
}

function deeplinkEntry(subject: AnalyticsSubject, clicks: number, buckets: Map<string, Bucket>) {
  const perDay = new Map<string, number>();
  for (const bucket of buckets.values()) if (bucket.clicks) perDay.set(bucket.date.slice(0, 10), (perDay.get(bucket.date.slice(0, 10)) ?? 0) + bucket.clicks);
  return {
    id: subject.publicId,
    count: clicks,
    totalClicks: clicks,
    title: subject.title,
    url: subject.destination,
    type: subject.type,
    dailyClicks: dailySeries(perDay),
  };
}

async function websiteButtons(db: Db, linkId: string, buttonClicks: Map<string, Map<string, number>>) {
  if (buttonClicks.size === 0) return [];
  const info = await db.$queryRaw<Array<{ buttonId: string; buttonTitle: string | null; buttonUrl: string | null; buttonType: string | null }>>`
    SELECT DISTINCT ON ("buttonId") "buttonId", "buttonTitle", "buttonUrl", "buttonType"
    FROM "ClickEvent" WHERE "linkId" = ${linkId} AND "buttonId" = ANY(${[...buttonClicks.keys()]}::text[])
    ORDER BY "buttonId", "occurredAt" DESC`;
  const meta = new Map(info.map((row) => [row.buttonId, row]));
  return [...buttonClicks.entries()]
    .map(([id, perDay]) => {
      const total = [...perDay.values()].reduce((a, b) => a + b, 0);
      const m = meta.get(id);
      return {
        id,
        count: total,
        totalClicks: total,
        title: m?.buttonTitle ?? null,
        url: m?.buttonUrl ?? null,
        type: id === ADULT_BUTTON_ID ? "adult-confirmation" : m?.buttonType ?? "link",
        dailyClicks: dailySeries(perDay),
      };
    })
    .sort((a, b) => b.totalClicks - a.totalClicks || a.id.localeCompare(b.id));
}
