import type { Db } from "../db/open";
import { paginationOf } from "../links/list-links";
import { shortUrlOf } from "../links/public-id";

/** One page of the account's websites, newest first: the address, design and state the list shows. */
export async function listWebsites(db: Db, accountId: string, query: { page: number; limit: number }) {
  const where = { accountId, type: "website" };
  const [totalCount, rows] = await Promise.all([
    db.link.count({ where }),
    db.link.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * query.limit,
      take: query.limit,
      select: { id: true, publicId: true, domain: true, slug: true, title: true, templateId: true, isActive: true, inactiveReason: true, createdAt: true },
    }),
  ]);
  return {
    data: rows.map((row) => ({ ...row, url: shortUrlOf(row.domain, row.slug) })),
    pagination: paginationOf(query, totalCount),
  };
}
