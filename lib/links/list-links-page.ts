import { z } from "zod";
import type { Db } from "../db/open";
import type { Prisma } from "../generated/prisma/client";
import { findLinkPage, linkListWhere, ListLinksQuery, NEWEST_FIRST, paginationOf, type LinkFilters } from "./list-links";
import { LINK_SORTS } from "./link-sorts";
import { toLinkObject } from "./link-object";

// The dashboard's links table: GET /v1/links's filters plus a sort order and each row's clicks of
// the last 30 days, read from the hourly rollups of only the rows on the page (never the table).

export { LINK_SORTS };

/** The table's status filter: its values are not the API's isActive alone. */
export const LINK_STATUS_FILTERS = ["active", "inactive", "expired", "protected", "scheduled", "capped"] as const;

/** The page's address: GET /v1/links' filters (25 rows by default), and a sort; a bad value falls back instead of failing the page. */
export const DashboardLinksQuery = ListLinksQuery.extend({
  sort: z.enum(LINK_SORTS).catch("newest").default("newest"),
  limit: ListLinksQuery.shape.limit.unwrap().catch(25).default(25),
  page: ListLinksQuery.shape.page.catch(1),
  type: ListLinksQuery.shape.type.catch(undefined),
  health: ListLinksQuery.shape.health.catch(undefined),
  status: z.enum(LINK_STATUS_FILTERS).optional().catch(undefined),
});
export type DashboardLinksQuery = z.infer<typeof DashboardLinksQuery>;

const ORDER: Record<Exclude<(typeof LINK_SORTS)[number], "clicks">, Prisma.LinkOrderByWithRelationInput[]> = {
  newest: NEWEST_FIRST,
  oldest: [{ createdAt: "asc" }, { id: "asc" }],
  title: [{ title: "asc" }, { id: "asc" }],
  slug: [{ slug: "asc" }, { id: "asc" }],
  destination: [{ destination: "asc" }, { id: "asc" }],
};

const DAY_MS = 86_400_000;

/** The table's filters as the list's (its status: active, inactive, expired by `now`, protected, not started by `now`, capped). */
export function dashboardLinkFilters<Q extends Pick<DashboardLinksQuery, "status">>(query: Q, now: Date): Q & LinkFilters {
  const isActive = query.status === "active" ? true : query.status === "inactive" ? false : undefined;
  return { ...query, isActive, expiredBy: query.status === "expired" ? now : undefined, hasPassword: query.status === "protected" || undefined, startsAfter: query.status === "scheduled" ? now : undefined, capped: query.status === "capped" || undefined };
}

export async function listLinksPage(db: Db, accountId: string, query: DashboardLinksQuery, now = new Date()) {
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const filters = dashboardLinkFilters(query, now);
  const { rows, pagination } = query.sort === "clicks" ? await findPageByClicks(db, accountId, filters, since) : await findLinkPage(db, accountId, filters, ORDER[query.sort]);
  const clicks = await recentClicks(db, rows.map((row) => row.id), since);
  return { data: rows.map((row) => ({ ...toLinkObject(row), clicks30d: clicks.get(row.id) ?? 0, expired: row.expiresAt !== null && row.expiresAt <= now, notLiveYet: row.startsAt !== null && row.startsAt > now })), pagination };
}

/**
 * Most clicks in the last 30 days first, the same filters as every other order. The account's
 * clicked links are few next to its links, so their sums come from the rollups in one grouped
 * query; the page is cut from them (most clicks first), then from the unclicked ones, newest first.
 */
async function findPageByClicks(db: Db, accountId: string, filters: DashboardLinksQuery & LinkFilters, since: Date) {
  const where = linkListWhere(accountId, filters);
  const sums = await db.$queryRaw<Array<{ linkId: string; clicks: bigint | number }>>`
    SELECT r."linkId", SUM(r.clicks) AS clicks
    FROM "EventRollup" r JOIN "Link" l ON l.id = r."linkId"
    WHERE l."accountId" = ${accountId} AND r.dimension = '' AND r."hour" >= ${since}
    GROUP BY 1 HAVING SUM(r.clicks) > 0`;
  const clicked = new Map(sums.map((row) => [row.linkId, Number(row.clicks)]));
  const [totalCount, matchingClicked] = await Promise.all([
    db.link.count({ where }),
    clicked.size ? db.link.findMany({ where: { AND: [where, { id: { in: [...clicked.keys()] } }] }, select: { id: true } }) : [],
  ]);
  const ranked = matchingClicked.map((row) => row.id).sort((a, b) => clicked.get(b)! - clicked.get(a)! || a.localeCompare(b));
  const skip = (filters.page - 1) * filters.limit;
  const pageIds = ranked.slice(skip, skip + filters.limit);
  const [top, rest] = await Promise.all([
    pageIds.length ? db.link.findMany({ where: { id: { in: pageIds } } }) : [],
    pageIds.length < filters.limit
      ? db.link.findMany({ where: { AND: [where, { id: { notIn: ranked } }] }, orderBy: NEWEST_FIRST, skip: Math.max(0, skip - ranked.length), take: filters.limit - pageIds.length })
      : [],
  ]);
  const byId = new Map(top.map((row) => [row.id, row]));
  return { rows: [...pageIds.map((id) => byId.get(id)!).filter(Boolean), ...rest], pagination: paginationOf(filters, totalCount) };
}

async function recentClicks(db: Db, linkIds: string[], since: Date): Promise<Map<string, number>> {
  if (linkIds.length === 0) return new Map();
  const sums = await db.eventRollup.groupBy({
    by: ["linkId"],
    where: { linkId: { in: linkIds }, dimension: "", hour: { gte: since } },
    _sum: { clicks: true },
  });
  return new Map(sums.map((row) => [row.linkId, row._sum.clicks ?? 0]));
}

/** The filter choices of the table: the workspace's domains and tags in use, and its groups. */
export async function linkFilterChoices(db: Db, accountId: string) {
  const [domains, tags, groups] = await Promise.all([
    db.link.findMany({ where: { accountId }, distinct: ["domain"], select: { domain: true }, orderBy: { domain: "asc" }, take: 200 }),
    db.$queryRaw<Array<{ tag: string }>>`SELECT DISTINCT unnest(tags) AS tag FROM "Link" WHERE "accountId" = ${accountId} ORDER BY 1 LIMIT 200`,
    db.group.findMany({ where: { accountId }, select: { id: true, name: true }, orderBy: { name: "asc" } }),
  ]);
  return { domains: domains.map((d) => d.domain), tags: tags.map((t) => t.tag), groups };
}

/** One row of the dashboard's links table: the API's link object and its clicks of the last 30 days. */
export type LinkPageRow = Awaited<ReturnType<typeof listLinksPage>>["data"][number];
