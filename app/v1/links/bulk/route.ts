import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { createLinksBulk } from "@/lib/links/create-links-bulk";
import { asBulkDeleteBadRequest, deleteLinksBulk } from "@/lib/links/delete-links-bulk";
import { BulkCreateBody, BulkDeleteBody } from "@/lib/links/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  POST: apiRoute({ resource: "links", body: BulkCreateBody }, async ({ db, account, body }) =>
    json(await createLinksBulk(db, account, body)),
  ),
  DELETE: apiRoute({ resource: "links", body: BulkDeleteBody, bodyError: asBulkDeleteBadRequest }, async ({ db, account, body }) =>
    json(await deleteLinksBulk(db, account.id, body)),
  ),
});
