import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { createLink } from "@/lib/links/create-link";
import { CreateLinkBody } from "@/lib/links/schemas";
import { toLinkObject } from "@/lib/links/link-object";
import { listLinks, ListLinksQuery } from "@/lib/links/list-links";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  POST: apiRoute({ resource: "links", body: CreateLinkBody }, async ({ db, account, body }) =>
    json({ success: true, data: toLinkObject(await createLink(db, account, body)) }, 201),
  ),
  GET: apiRoute({ resource: "links", query: ListLinksQuery }, async ({ db, account, query }) =>
    json(await listLinks(db, account.id, query)),
  ),
});
