import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { deleteLinkByIdentifier, getLinkByIdentifier, updateLinkByIdentifier } from "@/lib/links/link-by-identifier";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.getLink, async ({ db, account, params, ok }) => ok(await getLinkByIdentifier(db, account.id, params.identifier))),
  apiRoute(operations.updateLink, async ({ db, account, params, body, ok }) =>
    ok(await updateLinkByIdentifier(db, account.id, params.identifier, body)),
  ),
  apiRoute(operations.deleteLink, async ({ db, account, params, ok }) => ok(await deleteLinkByIdentifier(db, account.id, params.identifier))),
);
