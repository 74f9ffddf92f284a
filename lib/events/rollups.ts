import type { EventQuery } from "../db/open";

// Hourly rollups per link and dimension; dimension "" / value "" holds the totals. Written in the
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
