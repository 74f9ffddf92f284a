import { z } from "zod";
import type { Db } from "../db/open";
import type { Prisma } from "../generated/prisma/client";
import { findLinkPage, ListLinksQuery, NEWEST_FIRST } from "./list-links";
import { LINK_SORTS } from "./link-sorts";
import { toLinkObject } from "./link-object";

// The dashboard's links table: GET /v1/links's filters plus a sort order and each row's clicks of
// the last 30 days, read from the hourly rollups of only the rows on the page (never the table).

export { LINK_SORTS };

/** The page's address: GET /v1/links' filters (25 rows by default), and a sort; a bad value falls back instead of failing the page. */
export const DashboardLinksQuery = ListLinksQuery.extend({
  sort: z.enum(LINK_SORTS).catch("newest").default("newest"),
  limit: ListLinksQuery.shape.limit.unwrap().catch(25).default(25),
  page: ListLinksQuery.shape.page.catch(1),
  type: ListLinksQuery.shape.type.catch(undefined),
  status: z.enum(["active", "inactive"]).optional().catch(undefined),
});
export type DashboardLinksQuery = z.infer<typeof DashboardLinksQuery>;

const ORDER: Record<(typeof LINK_SORTS)[number], Prisma.LinkOrderByWithRelationInput[]> = {
  newest: NEWEST_FIRST,
  oldest: [{ createdAt: "asc" }, { id: "asc" }],
  title: [{ title: "asc" }, { id: "asc" }],
  slug: [{ slug: "asc" }, { id: "asc" }],
  destination: [{ destination: "asc" }, { id: "asc" }],
};

const DAY_MS = 86_400_000;

export async function listLinksPage(db: Db, accountId: string, query: DashboardLinksQuery, now = new Date()) {
  const isActive = query.status === undefined ? undefined : query.status === "active";
  const { rows, pagination } = await findLinkPage(db, accountId, { ...query, isActive }, ORDER[query.sort]);
  const clicks = await recentClicks(db, rows.map((row) => row.id), new Date(now.getTime() - 30 * DAY_MS));
  return { data: rows.map((row) => ({ ...toLinkObject(row), clicks30d: clicks.get(row.id) ?? 0 })), pagination };
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
