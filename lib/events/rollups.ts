import type { EventQuery } from "../db/open";

// Hourly rollups per link and dimension; dimension "" / value "" holds the totals. People's views
// only, but for dimension "bot" (bots' views by reason); "utm_source", "utm_medium" and
// "utm_campaign" hold the people's views of each UTM value. VisitorDay (unique visitors) is
// written beside them, one row per person, link and UTC day. Written in the
// same transaction as the raw events they summarise, and recomputable from them (rebuild).

export const ADULT_BUTTON_ID = "adult-18plus-btn";

export interface VisitRow {
  linkId: string;
  accountId: string;
  /** A Date, or epoch milliseconds (what the queue keeps: no object per event). */
  occurredAt: Date | number;
  /** Identical visits this row counts (same second, same columns); occurredAt is the last. */
  visits: number;
  country: string;
  city: string | null;
  device: string;
  platform: string;
  browser: string | null;
  referrer: string;
  redirected: boolean;
  /** The URL the first of these visits was sent to (link.clicked webhooks; not stored with the event). */
  url?: string | null;
  /** Why these are a bot's requests; null (or absent, rows spooled before) for people. */
  bot?: string | null;
  /** The person's daily pseudonym (lib/visit/visitor-day.ts); null for bots. */
  visitor?: string | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
  /** The A/B variant index (0–3), or null/absent without a test. */
  variant?: number | null;
}

export interface ClickRow {
  linkId: string;
  accountId: string;
  occurredAt: Date | number;
  buttonId: string;
  buttonTitle: string | null;
  buttonUrl: string | null;
  buttonType: string | null;
  country: string;
  device: string;
  platform: string;
  referrer: string;
}

interface Delta {
  linkId: string;
  hour: Date;
  dimension: string;
  value: string;
  views: number;
  clicks: number;
  adultClicks: number;
}

function hourMs(date: Date | number): number {
  const t = typeof date === "number" ? date : date.getTime();
  return t - (t % 3_600_000);
}

export function rollupDeltas(visits: VisitRow[], clicks: ClickRow[]): Delta[] {
  const deltas = new Map<string, Delta>();
  const bump = (linkId: string, hour: number, dimension: string, value: string, views: number, clickCount: number, adult: number) => {
    const key = `${linkId}\u0000${hour}\u0000${dimension}\u0000${value}`;
    let delta = deltas.get(key);
    if (!delta) deltas.set(key, (delta = { linkId, hour: new Date(hour), dimension, value, views: 0, clicks: 0, adultClicks: 0 }));
    delta.views += views;
    delta.clicks += clickCount;
    delta.adultClicks += adult;
  };
  for (const v of visits) {
    const hour = hourMs(v.occurredAt);
    const n = v.visits;
    // A bot's views are counted apart, by reason: every other rollup is people's.
    if (v.bot) {
      bump(v.linkId, hour, "bot", v.bot, n, 0, 0);
      continue;
    }
    if (v.utmSource) bump(v.linkId, hour, "utm_source", v.utmSource, n, 0, 0);
    if (v.utmMedium) bump(v.linkId, hour, "utm_medium", v.utmMedium, n, 0, 0);
    if (v.utmCampaign) bump(v.linkId, hour, "utm_campaign", v.utmCampaign, n, 0, 0);
    bump(v.linkId, hour, "", "", n, v.redirected ? n : 0, 0);
    bump(v.linkId, hour, "country", v.country, n, 0, 0);
    if (v.city) bump(v.linkId, hour, "city", v.city.toLowerCase(), n, 0, 0);
    bump(v.linkId, hour, "device", v.device, n, 0, 0);
    bump(v.linkId, hour, "platform", v.platform, n, 0, 0);
    bump(v.linkId, hour, "referrer", v.referrer, n, 0, 0);
    if (v.variant !== null && v.variant !== undefined) bump(v.linkId, hour, "variant", String(v.variant), n, 0, 0);
  }
  for (const c of clicks) {
    const hour = hourMs(c.occurredAt);
    const adult = c.buttonId === ADULT_BUTTON_ID ? 1 : 0;
    bump(c.linkId, hour, "", "", 0, 1, adult);
    bump(c.linkId, hour, "button", c.buttonId, 0, 1, adult);
  }
  return [...deltas.values()];
}

const UPSERT = `INSERT INTO "EventRollup" ("linkId", "hour", "dimension", "value", "views", "clicks", "adultClicks")
  SELECT x."linkId", x."hour" AT TIME ZONE 'UTC', x."dimension", x."value", x."views", x."clicks", x."adultClicks"
  FROM json_to_recordset($1::json) AS x("linkId" text, "hour" timestamptz, "dimension" text, "value" text, "views" int, "clicks" int, "adultClicks" int)
  ON CONFLICT ("linkId", "hour", "dimension", "value") DO UPDATE SET
    "views" = "EventRollup"."views" + EXCLUDED."views",
    "clicks" = "EventRollup"."clicks" + EXCLUDED."clicks",
    "adultClicks" = "EventRollup"."adultClicks" + EXCLUDED."adultClicks"`;

/** One upsert of all the deltas (each key once, so no row is touched twice), as one JSON parameter. */
export async function upsertRollups(query: EventQuery, deltas: Delta[]): Promise<void> {
  if (deltas.length === 0) return;
  // Dates serialize as ISO 8601 in UTC ("…Z"), read as timestamptz and turned into UTC wall time.
  await query(UPSERT, [JSON.stringify(deltas)]);
}

const DAY_MS = 86_400_000;

/** Each person of the batch once per link and UTC day, at the hour of their first visit in it. */
export function visitorDays(visits: VisitRow[]): Array<{ linkId: string; day: number; visitor: string; hour: number }> {
  const days = new Map<string, { linkId: string; day: number; visitor: string; hour: number }>();
  for (const v of visits) {
    if (!v.visitor || v.bot) continue;
    const t = typeof v.occurredAt === "number" ? v.occurredAt : v.occurredAt.getTime();
    const day = t - (t % DAY_MS);
    const hour = hourMs(t);
    const key = `${v.linkId}\u0000${day}\u0000${v.visitor}`;
    const seen = days.get(key);
    if (!seen) days.set(key, { linkId: v.linkId, day, visitor: v.visitor, hour });
    else if (hour < seen.hour) seen.hour = hour;
  }
  return [...days.values()];
}

// A visitor seen again keeps the earliest hour (a spooled batch may be written after a later one).
const UPSERT_VISITOR_DAYS = `INSERT INTO "VisitorDay" ("linkId", "day", "visitor", "hour")
  SELECT x."linkId", to_timestamp(x."day" / 1000.0) AT TIME ZONE 'UTC', x."visitor", to_timestamp(x."hour" / 1000.0) AT TIME ZONE 'UTC'
  FROM json_to_recordset($1::json) AS x("linkId" text, "day" float8, "visitor" text, "hour" float8)
  ON CONFLICT ("linkId", "day", "visitor") DO UPDATE SET "hour" = EXCLUDED."hour" WHERE EXCLUDED."hour" < "VisitorDay"."hour"`;

/** The batch's unique visitors per link and day, in the batch's transaction. */
export async function upsertVisitorDays(query: EventQuery, visits: VisitRow[]): Promise<void> {
  const days = visitorDays(visits);
  if (days.length === 0) return;
  await query(UPSERT_VISITOR_DAYS, [JSON.stringify(days)]);
}
