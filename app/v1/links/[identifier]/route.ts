import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { asUpdateBadRequest, deleteLinkByIdentifier, getLinkByIdentifier, updateLinkByIdentifier } from "@/lib/links/link-by-identifier";
import { UpdateLinkBody } from "@/lib/links/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  GET: apiRoute({ resource: "links" }, async ({ db, account, params }) =>
    json(await getLinkByIdentifier(db, account.id, params.identifier)),
  ),
  PUT: apiRoute({ resource: "links", body: UpdateLinkBody, bodyError: asUpdateBadRequest }, async ({ db, account, params, body }) =>
    json(await updateLinkByIdentifier(db, account.id, params.identifier, body)),
  ),
  DELETE: apiRoute({ resource: "links" }, async ({ db, account, params }) =>
    json(await deleteLinkByIdentifier(db, account.id, params.identifier)),
  ),
});
