import type { Db } from "../db/open";
import { Prisma } from "../generated/prisma/client";
import { ADULT_BUTTON_ID } from "../events/rollups";
import { BOT_REASONS, type Audience } from "./audience";
import { hasFilters, type AnalyticsFilters } from "./filters";
import { bucketId, bucketIds, type Range } from "./timeframe";

// Answers come from EventRollup (hourly rows per link and dimension, written by the event
// flusher), grouped to the requested bucket size in SQL, so a link with a million events reads a
// few thousand rows. Raw events are read only for lastViewed (one index probe) and for the latest
// title/url/type of each tracked button — and, for bots' or everyone's views (the rollups keep only
// bots' totals by reason) or a filtered page, for the figures themselves. Unique visitors come
// from VisitorDay (a person once per link and UTC day, in the hour of their first visit).

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
  /** People seen in the bucket (once per UTC day each); null when it cannot be told (bots, filters). */
  uniqueVisitors: number | null;
  botViews: number;
  botReasons: Record<string, number>;
};

export interface AnalyticsSubject {
  linkId: string;
  publicId: string;
  type: string;
  title: string | null;
  destination: string | null;
}

const BUCKET_MAPS = { country: "countries", device: "devices", platform: "platforms", referrer: "referrers" } as const;
const UTM_LISTS = { utm_source: "sources", utm_medium: "mediums", utm_campaign: "campaigns" } as const;

function add(map: Record<string, number>, key: string, amount: number): void {
  if (amount) map[key] = (map[key] ?? 0) + amount;
}

function sortedEntries(map: Record<string, number>): Array<[string, number]> {
  return Object.entries(map).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/**
 * Views, clicks and their breakdowns of one link in a range, of people (default), bots or all;
 * with filters, of the matching visitors only.
 */
export async function linkAnalytics(db: Db, subject: AnalyticsSubject, range: Range, filters?: AnalyticsFilters, audience: Audience = "people") {
  const fromRollups = audience === "people" && !hasFilters(filters);
  const source = fromRollups ? rollups(db, subject.linkId, range) : filteredEvents(db, subject.linkId, range, filters ?? {}, audience);
  // People are counted once per day without filters only: a pseudonym is not kept per country or device.
  const countsUniques = audience !== "bots" && !hasFilters(filters);
  const [rows, uniqueRows] = await Promise.all([source.rows, countsUniques ? uniquesOf(db, subject.linkId, range) : []]);

  const buckets = new Map<string, Bucket>(
    bucketIds(range).map((date) => [date, { date, views: 0, clicks: 0, adultClicks: 0, countries: {}, devices: {}, platforms: {}, referrers: {}, uniqueVisitors: countsUniques ? 0 : null, botViews: 0, botReasons: {} }]),
  );
  const totals = { views: 0, clicks: 0, adultClicks: 0, uniques: 0, bots: 0 };
  const byDimension: Record<string, Record<string, number>> = { country: {}, device: {}, platform: {}, referrer: {}, bot: {}, utm_source: {}, utm_medium: {}, utm_campaign: {} };
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
    } else if (row.dimension === "bot") {
      bucket.botViews += views;
      add(bucket.botReasons, row.value, views);
      totals.bots += views;
      add(byDimension.bot, row.value, views);
    } else if (row.dimension in UTM_LISTS) {
      add(byDimension[row.dimension], row.value, views);
    }
  }
  for (const row of uniqueRows) {
    const bucket = buckets.get(bucketId(new Date(row.bucket), range.bucket));
    if (!bucket) continue;
    bucket.uniqueVisitors = (bucket.uniqueVisitors ?? 0) + Number(row.visitors);
    totals.uniques += Number(row.visitors);
  }

  const buttonRows = await source.buttons();
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
      AND ${matching(filters)} AND ${ofAudience(audience)}
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
    audience,
    uniqueVisitors: countsUniques ? totals.uniques : null,
    botViews: { total: totals.bots, byReason: Object.fromEntries(BOT_REASONS.map((reason) => [reason, byDimension.bot[reason] ?? 0])) as Record<(typeof BOT_REASONS)[number], number> },
    utmStats: {
      sources: namedViews(byDimension.utm_source),
      mediums: namedViews(byDimension.utm_medium),
      campaigns: namedViews(byDimension.utm_campaign),
    },
  };
}

const namedViews = (map: Record<string, number>) => sortedEntries(map).map(([name, views]) => ({ name, views }));

/** People seen per bucket: each VisitorDay row is one person on one day, in the hour of their first visit. */
function uniquesOf(db: Db, linkId: string, range: Range) {
  return db.$queryRaw<Array<{ bucket: Date; visitors: bigint | number }>>`
    SELECT date_trunc(${range.bucket}, "hour") AS bucket, COUNT(*) AS visitors
    FROM "VisitorDay"
    WHERE "linkId" = ${linkId} AND "hour" >= ${range.from} AND "hour" < ${range.to}
    GROUP BY 1`;
}

/** The visit rows of the audience: people's have no bot reason. */
function ofAudience(audience: Audience): Prisma.Sql {
  if (audience === "all") return Prisma.sql`TRUE`;
  return audience === "people" ? Prisma.sql`"bot" IS NULL` : Prisma.sql`"bot" IS NOT NULL`;
}

type ButtonRow = { day: Date; value: string; clicks: bigint | number };

/** The hourly rollups, grouped to the range's buckets: a few thousand rows however many events. */
function rollups(db: Db, linkId: string, range: Range) {
  return {
    rows: db.$queryRaw<RollupRow[]>`
      SELECT date_trunc(${range.bucket}, "hour") AS bucket, dimension, value,
             SUM(views) AS views, SUM(clicks) AS clicks, SUM("adultClicks") AS "adultClicks"
      FROM "EventRollup"
      WHERE "linkId" = ${linkId} AND "hour" >= ${range.from} AND "hour" < ${range.to}
      GROUP BY 1, 2, 3`,
    // dailyClicks are per day whatever the bucket size, so buttons are grouped by day separately.
    buttons: () => db.$queryRaw<ButtonRow[]>`
      SELECT date_trunc('day', "hour") AS day, value, SUM(clicks) AS clicks
      FROM "EventRollup"
      WHERE "linkId" = ${linkId} AND dimension = 'button' AND "hour" >= ${range.from} AND "hour" < ${range.to}
      GROUP BY 1, 2`,
  };
}

/** The events of the visitors who match every filter (none given: every visitor). */
export function matching(filters: AnalyticsFilters | undefined): Prisma.Sql {
  const f = { country: filters?.country ?? null, device: filters?.device ?? null, platform: filters?.platform ?? null, referrer: filters?.referrer ?? null };
  return Prisma.sql`(${f.country}::text IS NULL OR country = ${f.country}) AND (${f.device}::text IS NULL OR device = ${f.device})
    AND (${f.platform}::text IS NULL OR platform = ${f.platform}) AND (${f.referrer}::text IS NULL OR referrer = ${f.referrer})`;
}

/**
 * The same rows as the rollups, summed from the raw events of the audience's visitors who match
 * every filter (rollups keep each dimension apart and bots' by reason only, so "devices of
 * visitors from Germany" or "bots' countries" are only in the events). Clicks are people's: a
 * person's redirected visit, and each button click. Bots' views by reason whatever the audience.
 */
function filteredEvents(db: Db, linkId: string, range: Range, filters: AnalyticsFilters, audience: Audience) {
  const clicksToo = audience !== "bots";
  return {
    rows: db.$queryRaw<RollupRow[]>`
      WITH v AS (
        SELECT date_trunc(${range.bucket}, "occurredAt") AS bucket, country, device, platform, referrer, visits, redirected, bot, "utmSource", "utmMedium", "utmCampaign"
        FROM "VisitEvent"
        WHERE "linkId" = ${linkId} AND "occurredAt" >= ${range.from} AND "occurredAt" < ${range.to}
          AND ${matching(filters)}
      ), a AS (
        SELECT * FROM v WHERE ${ofAudience(audience)}
      ), c AS (
        SELECT date_trunc(${range.bucket}, "occurredAt") AS bucket, "buttonId"
        FROM "ClickEvent"
        WHERE "linkId" = ${linkId} AND "occurredAt" >= ${range.from} AND "occurredAt" < ${range.to}
          AND ${matching(filters)} AND ${clicksToo}
      )
      SELECT bucket, '' AS dimension, '' AS value, SUM(visits) AS views, SUM(CASE WHEN redirected AND bot IS NULL THEN visits ELSE 0 END) AS clicks, 0 AS "adultClicks" FROM a GROUP BY 1
      UNION ALL SELECT bucket, 'country', country, SUM(visits), 0, 0 FROM a GROUP BY 1, 3
      UNION ALL SELECT bucket, 'device', device, SUM(visits), 0, 0 FROM a GROUP BY 1, 3
      UNION ALL SELECT bucket, 'platform', platform, SUM(visits), 0, 0 FROM a GROUP BY 1, 3
      UNION ALL SELECT bucket, 'referrer', referrer, SUM(visits), 0, 0 FROM a GROUP BY 1, 3
      UNION ALL SELECT bucket, 'utm_source', "utmSource", SUM(visits), 0, 0 FROM a WHERE "utmSource" IS NOT NULL GROUP BY 1, 3
      UNION ALL SELECT bucket, 'utm_medium', "utmMedium", SUM(visits), 0, 0 FROM a WHERE "utmMedium" IS NOT NULL GROUP BY 1, 3
      UNION ALL SELECT bucket, 'utm_campaign', "utmCampaign", SUM(visits), 0, 0 FROM a WHERE "utmCampaign" IS NOT NULL GROUP BY 1, 3
      UNION ALL SELECT bucket, 'bot', bot, SUM(visits), 0, 0 FROM v WHERE bot IS NOT NULL GROUP BY 1, 3
      UNION ALL SELECT bucket, '', '', 0, COUNT(*), SUM(CASE WHEN "buttonId" = ${ADULT_BUTTON_ID} THEN 1 ELSE 0 END) FROM c GROUP BY 1`,
    buttons: () => db.$queryRaw<ButtonRow[]>`
      SELECT date_trunc('day', "occurredAt") AS day, "buttonId" AS value, COUNT(*) AS clicks
      FROM "ClickEvent"
      WHERE "linkId" = ${linkId} AND "occurredAt" >= ${range.from} AND "occurredAt" < ${range.to}
        AND ${matching(filters)} AND ${clicksToo}
      GROUP BY 1, 2`,
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
