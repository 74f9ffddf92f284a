import type { z } from "zod";
import type { Db } from "../db/open";
import { paginationOf, type PaginationQuery } from "../links/list-links";
import { findWebsite } from "./get-website";
import type { ContactList } from "./responses";

/** GET /v1/websites/{id}/contacts: what the page's contact blocks collected, newest first. */
export async function listContacts(db: Db, callerId: string, identifier: string, query: z.infer<typeof PaginationQuery>) {
  const website = await findWebsite(db, callerId, identifier);
  const where = { linkId: website.id, accountId: website.accountId };
  const [totalCount, rows] = await Promise.all([
    db.contact.count({ where }),
    db.contact.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (query.page - 1) * query.limit, take: query.limit }),
  ]);
  return {
    data: rows.map((c) => ({ id: c.id, websiteId: website.publicId, blockId: c.blockId, name: c.name, email: c.email, phone: c.phone, message: c.message, createdAt: c.createdAt.toISOString() })),
    pagination: paginationOf(query, totalCount),
  } satisfies z.input<typeof ContactList>;
}
