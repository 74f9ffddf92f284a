import type { Db } from "../db/open";

/** Views per link since `since`, for one page of a list: only the given links of the account are read. */
export async function viewsByLink(db: Db, accountId: string, linkIds: string[], since: Date): Promise<Map<string, number>> {
  if (!linkIds.length) return new Map();
  const rows = await db.$queryRaw<Array<{ linkId: string; views: bigint | number }>>`
    SELECT r."linkId", SUM(r.views) AS views
    FROM "EventRollup" r JOIN "Link" l ON l.id = r."linkId"
    WHERE l."accountId" = ${accountId} AND r."linkId" = ANY(${linkIds}::text[]) AND r.dimension = '' AND r."hour" >= ${since}
    GROUP BY r."linkId"`;
  return new Map(rows.map((row) => [row.linkId, Number(row.views)]));
}
