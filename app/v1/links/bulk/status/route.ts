import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { setStatusBulk } from "@/lib/links/link-by-identifier";
import { BulkStatusBody } from "@/lib/links/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  PATCH: apiRoute({ resource: "links", body: BulkStatusBody }, async ({ db, account, body }) =>
    json(await setStatusBulk(db, account.id, body)),
  ),
});
