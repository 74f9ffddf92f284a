import type { Prisma } from "../generated/prisma/client";

// Hourly rollups per link and dimension; dimension "" / value "" holds the totals. Written in the
// same transaction as the raw events they summarise, and recomputable from them (rebuild).

export const ADULT_BUTTON_ID = "adult-18plus-btn";

export interface VisitRow {
  linkId: string;
  accountId: string;
  occurredAt: Date;
  country: string;
  city: string | null;
  device: string;
  platform: string;
  browser: string | null;
  referrer: string;
  redirected: boolean;
}

export interface ClickRow {
  linkId: string;
  accountId: string;
  occurredAt: Date;
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

export function hourOf(date: Date): Date {
  const t = date.getTime();
  return new Date(t - (t % 3_600_000));
}

export function rollupDeltas(visits: VisitRow[], clicks: ClickRow[]): Delta[] {
  const deltas = new Map<string, Delta>();
  const bump = (linkId: string, hour: Date, dimension: string, value: string, views: number, clickCount: number, adult: number) => {
    const key = `${linkId}\u0000${hour.getTime()}\u0000${dimension}\u0000${value}`;
    const delta = deltas.get(key) ?? { linkId, hour, dimension, value, views: 0, clicks: 0, adultClicks: 0 };
    delta.views += views;
    delta.clicks += clickCount;
    delta.adultClicks += adult;
    deltas.set(key, delta);
  };
  for (const v of visits) {
    const hour = hourOf(v.occurredAt);
    const click = v.redirected ? 1 : 0;
    bump(v.linkId, hour, "", "", 1, click, 0);
    bump(v.linkId, hour, "country", v.country, 1, 0, 0);
    if (v.city) bump(v.linkId, hour, "city", v.city.toLowerCase(), 1, 0, 0);
    bump(v.linkId, hour, "device", v.device, 1, 0, 0);
    bump(v.linkId, hour, "platform", v.platform, 1, 0, 0);
    bump(v.linkId, hour, "referrer", v.referrer, 1, 0, 0);
  }
  for (const c of clicks) {
    const hour = hourOf(c.occurredAt);
    const adult = c.buttonId === ADULT_BUTTON_ID ? 1 : 0;
    bump(c.linkId, hour, "", "", 0, 1, adult);
    bump(c.linkId, hour, "button", c.buttonId, 0, 1, adult);
  }
  return [...deltas.values()];
}

/** One multi-row upsert per 1000 deltas. */
export async function upsertRollups(tx: { $executeRawUnsafe: (sql: string, ...values: unknown[]) => Prisma.PrismaPromise<number> }, deltas: Delta[]): Promise<void> {
  for (let start = 0; start < deltas.length; start += 1000) {
    const chunk = deltas.slice(start, start + 1000);
    const values: unknown[] = [];
    const tuples = chunk.map((d, i) => {
      values.push(d.linkId, d.hour, d.dimension, d.value, d.views, d.clicks, d.adultClicks);
      const o = i * 7;
      return `($${o + 1}, $${o + 2}, $${o + 3}, $${o + 4}, $${o + 5}, $${o + 6}, $${o + 7})`;
    });
    await tx.$executeRawUnsafe(
      `INSERT INTO "EventRollup" ("linkId", "hour", "dimension", "value", "views", "clicks", "adultClicks") VALUES ${tuples.join(", ")}
       ON CONFLICT ("linkId", "hour", "dimension", "value") DO UPDATE SET
         "views" = "EventRollup"."views" + EXCLUDED."views",
         "clicks" = "EventRollup"."clicks" + EXCLUDED."clicks",
         "adultClicks" = "EventRollup"."adultClicks" + EXCLUDED."adultClicks"`,
      ...values,
    );
  }
}
