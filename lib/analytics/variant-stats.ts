import type { Db } from "../db/open";
import { storedVariants } from "../links/variants";
import { hasFilters, type AnalyticsFilters } from "./filters";
import { matching } from "./link-analytics";
import type { Range } from "./timeframe";

// Views per A/B variant of a link with a test (docs/links.md "A/B tests"): the rollups' `variant`
// dimension (its value is the variant's index), or the raw events of the visitors the filters
// match. A link without a test answers null.

export async function variantStats(db: Db, link: { id: string; variants: unknown }, range: Range, filters?: AnalyticsFilters) {
  const variants = storedVariants(link.variants);
  if (!variants) return null;
  const rows = hasFilters(filters)
    ? await db.$queryRaw<Array<{ value: string; views: bigint | number }>>`
        SELECT "variant"::text AS value, SUM("visits") AS views FROM "VisitEvent"
        WHERE "linkId" = ${link.id} AND "occurredAt" >= ${range.from} AND "occurredAt" < ${range.to} AND "variant" IS NOT NULL AND ${matching(filters)}
        GROUP BY 1`
    : await db.$queryRaw<Array<{ value: string; views: bigint | number }>>`
        SELECT value, SUM(views) AS views FROM "EventRollup"
        WHERE "linkId" = ${link.id} AND dimension = 'variant' AND "hour" >= ${range.from} AND "hour" < ${range.to}
        GROUP BY 1`;
  const views = new Map(rows.map((row) => [row.value, Number(row.views)]));
  return variants.map((variant, index) => ({ index, url: variant.url, weight: variant.weight, views: views.get(String(index)) ?? 0 }));
}

/** The dashboard's link page: views per variant since the link was made, for this account's link; null without a test. */
export async function variantResultsOfLink(db: Db, accountId: string, publicId: string, now = Date.now()) {
  const link = await db.link.findFirst({ where: { accountId, publicId }, select: { id: true, variants: true } });
  if (!link) return null;
  return variantStats(db, link, { from: new Date(0), to: new Date(now + 3_600_000), bucket: "day" });
}
