import type { Db } from "../db/open";
import { ADULT_BUTTON_ID } from "../events/rollups";

// Raw events are the source of truth: this recomputes EventRollup from them, for one link or all,
// in one transaction, with exactly the rows the event writer produces: people's views in every
// dimension, bots' by reason (dimension "bot"), and the unique visitors per day (VisitorDay).

const VISIT_DIMENSIONS: Array<[string, string]> = [
  ["country", `"country"`],
  ["city", `lower("city")`],
  ["device", `"device"`],
  ["platform", `"platform"`],
  ["referrer", `"referrer"`],
  ["utm_source", `"utmSource"`],
  ["utm_medium", `"utmMedium"`],
  ["utm_campaign", `"utmCampaign"`],
  ["variant", `"variant"::text`],
];

export async function rebuildRollups(db: Db, options: { linkId?: string } = {}): Promise<{ rollupRows: number }> {
  const filter = options.linkId ? `WHERE "linkId" = $1` : "";
  const params = options.linkId ? [options.linkId] : [];
  // People's visits: what every rollup but "bot" counts.
  const people = `${filter ? `${filter} AND` : "WHERE"} "bot" IS NULL`;
  return db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`DELETE FROM "EventRollup" ${filter}`, ...params);
    await tx.$executeRawUnsafe(`DELETE FROM "VisitorDay" ${filter}`, ...params);
    // Totals: views and redirect clicks from visits, button clicks (and the 18+ gate's) from clicks.
    await tx.$executeRawUnsafe(
      `INSERT INTO "EventRollup" ("linkId", "hour", "dimension", "value", "views", "clicks", "adultClicks")
       SELECT "linkId", hour, '', '', SUM(views), SUM(clicks), SUM(adult) FROM (
         SELECT "linkId", date_trunc('hour', "occurredAt") AS hour, "visits" AS views, CASE WHEN "redirected" THEN "visits" ELSE 0 END AS clicks, 0 AS adult
         FROM "VisitEvent" ${people}
         UNION ALL
         SELECT "linkId", date_trunc('hour', "occurredAt"), 0, 1, CASE WHEN "buttonId" = '${ADULT_BUTTON_ID}' THEN 1 ELSE 0 END
         FROM "ClickEvent" ${filter}
       ) AS events GROUP BY 1, 2`,
      ...params,
    );
    for (const [dimension, expression] of VISIT_DIMENSIONS) {
      await tx.$executeRawUnsafe(
        `INSERT INTO "EventRollup" ("linkId", "hour", "dimension", "value", "views", "clicks", "adultClicks")
         SELECT "linkId", date_trunc('hour', "occurredAt"), '${dimension}', ${expression}, SUM("visits"), 0, 0
         FROM "VisitEvent" ${people} AND ${expression} IS NOT NULL GROUP BY 1, 2, 4`,
        ...params,
      );
    }
    await tx.$executeRawUnsafe(
      `INSERT INTO "EventRollup" ("linkId", "hour", "dimension", "value", "views", "clicks", "adultClicks")
       SELECT "linkId", date_trunc('hour', "occurredAt"), 'bot', "bot", SUM("visits"), 0, 0
       FROM "VisitEvent" ${filter ? `${filter} AND` : "WHERE"} "bot" IS NOT NULL GROUP BY 1, 2, 4`,
      ...params,
    );
    await tx.$executeRawUnsafe(
      `INSERT INTO "VisitorDay" ("linkId", "day", "visitor", "hour")
       SELECT "linkId", date_trunc('day', "occurredAt"), "visitor", MIN(date_trunc('hour', "occurredAt"))
       FROM "VisitEvent" ${people} AND "visitor" IS NOT NULL GROUP BY 1, 2, 3`,
      ...params,
    );
    await tx.$executeRawUnsafe(
      `INSERT INTO "EventRollup" ("linkId", "hour", "dimension", "value", "views", "clicks", "adultClicks")
       SELECT "linkId", date_trunc('hour', "occurredAt"), 'button', "buttonId", 0, COUNT(*), SUM(CASE WHEN "buttonId" = '${ADULT_BUTTON_ID}' THEN 1 ELSE 0 END)
       FROM "ClickEvent" ${filter} GROUP BY 1, 2, 4`,
      ...params,
    );
    const [{ count }] = await tx.$queryRawUnsafe<Array<{ count: bigint }>>(`SELECT COUNT(*) AS count FROM "EventRollup" ${filter}`, ...params);
    return { rollupRows: Number(count) };
  });
}
