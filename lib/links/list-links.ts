import { z } from "zod";
import type { Db } from "../db/open";
import type { Prisma } from "../generated/prisma/client";
import { HEALTH_STATES } from "./link-health";
import { toLinkObject } from "./link-object";
import type { LinkList, Pagination } from "./responses";
import { currentRestrictions } from "../keys/acting-key";
import { restrictedLinkWhere } from "../keys/restrictions";

export const MAX_PAGE = 100_000;

const positiveInt = (name: string, max: number) =>
  z
    .string()
    .regex(/^[1-9]\d*$/, `${name} must be a positive integer`)
    .refine((text) => text.length <= String(max).length && Number(text) <= max, `${name} must be at most ${max}`)
    .transform(Number);

/** `page` (default 1, at most MAX_PAGE) and `limit` (default 50, at most 100), as GET /v1/links has them. */
export const PaginationQuery = z.object({
  page: positiveInt("page", MAX_PAGE).default(1),
  limit: positiveInt("limit", 100).default(50),
});

export function paginationOf(query: z.infer<typeof PaginationQuery>, totalCount: number) {
  const totalPages = Math.ceil(totalCount / query.limit);
  return { page: query.page, limit: query.limit, totalCount, totalPages, hasMore: query.page < totalPages } satisfies z.input<typeof Pagination>;
}

export const ListLinksQuery = PaginationQuery.extend({
  search: z.string().max(200).optional(),
  tag: z.string().max(100).optional(),
  domain: z.string().max(253).optional(),
  groupId: z.string().max(100).optional(),
  type: z.enum(["deeplink", "website", "applink"]).optional(),
  health: z.enum(HEALTH_STATES).optional().meta({ description: "Only links whose last destination check found this (docs/link-health.md)." }),
});

/** GET /v1/links' six filters; the dashboard's table adds whether a link is active, expired or has a password. */
export type LinkFilters = Pick<z.infer<typeof ListLinksQuery>, "search" | "tag" | "domain" | "groupId" | "type" | "health"> & { isActive?: boolean; expiredBy?: Date; hasPassword?: boolean; startsAfter?: Date; capped?: boolean };

/**
 * The one reading of the list filters, for GET /v1/links and the dashboard's table alike (they had
 * drifted: only one trimmed the search). A search of spaces alone is no search.
 */
export function linkListWhere(accountId: string, filters: LinkFilters): Prisma.LinkWhereInput {
  // A restricted key's lists hold only its groups' and domains' links (lib/keys/restrictions.ts).
  const where: Prisma.LinkWhereInput = { accountId, AND: [restrictedLinkWhere(currentRestrictions())] };
  const search = filters.search?.trim();
  if (search) {
    const contains = { contains: search, mode: "insensitive" as const };
    where.OR = [{ slug: contains }, { title: contains }, { destination: contains }];
  }
  if (filters.tag) where.tags = { has: filters.tag };
  if (filters.domain) where.domain = filters.domain.trim().toLowerCase();
  if (filters.groupId) where.groupId = filters.groupId;
  if (filters.type) where.type = filters.type;
  if (filters.health) where.healthState = filters.health;
  if (filters.isActive !== undefined) where.isActive = filters.isActive;
  if (filters.expiredBy) where.expiresAt = { lte: filters.expiredBy };
  if (filters.hasPassword) where.passwordHash = { not: null };
  if (filters.startsAfter) where.startsAt = { gt: filters.startsAfter };
  if (filters.capped) where.maxClicks = { not: null };
  return where;
}

export const NEWEST_FIRST: Prisma.LinkOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];

/** One page of the account's filtered links in the given order, with the page's pagination object. */
export async function findLinkPage(
  db: Db,
  accountId: string,
  query: LinkFilters & z.infer<typeof PaginationQuery>,
  orderBy: Prisma.LinkOrderByWithRelationInput[],
) {
  const where = linkListWhere(accountId, query);
  const [totalCount, rows] = await Promise.all([
    db.link.count({ where }),
    db.link.findMany({ where, orderBy, skip: (query.page - 1) * query.limit, take: query.limit }),
  ]);
  return { rows, pagination: paginationOf(query, totalCount) };
}

/** GET /v1/links: the account's items, newest first, with the six filters. */
export async function listLinks(db: Db, accountId: string, query: z.infer<typeof ListLinksQuery>) {
  const { rows, pagination } = await findLinkPage(db, accountId, query, NEWEST_FIRST);
  return { data: rows.map(toLinkObject), pagination } satisfies z.input<typeof LinkList>;
}
