import { z } from "zod";
import type { Db } from "../db/open";
import type { Prisma } from "../generated/prisma/client";
import { toLinkObject } from "./link-object";
import type { LinkList, Pagination } from "./responses";

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
});

/** GET /v1/links: the account's items, newest first, with the five filters. */
export async function listLinks(db: Db, accountId: string, query: z.infer<typeof ListLinksQuery>) {
  const where: Prisma.LinkWhereInput = { accountId };
  if (query.search) {
    const contains = { contains: query.search, mode: "insensitive" as const };
    where.OR = [{ slug: contains }, { title: contains }, { destination: contains }];
  }
  if (query.tag) where.tags = { has: query.tag };
  if (query.domain) where.domain = query.domain.trim().toLowerCase();
  if (query.groupId) where.groupId = query.groupId;
  if (query.type) where.type = query.type;
  const [totalCount, rows] = await Promise.all([
    db.link.count({ where }),
    db.link.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (query.page - 1) * query.limit, take: query.limit }),
  ]);
  return { data: rows.map(toLinkObject), pagination: paginationOf(query, totalCount) } satisfies z.input<typeof LinkList>;
}
