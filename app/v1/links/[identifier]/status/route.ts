import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { setStatusBulk, setStatusByIdentifier } from "@/lib/links/link-by-identifier";
import { StatusBody } from "@/lib/links/schemas";

// `bulk` in any letter case is the bulk endpoint, never a link identifier (its body is checked
// against BulkStatusBody there; StatusBody keeps unknown members such as `links`).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  PATCH: apiRoute({ resource: "links", body: StatusBody }, async ({ db, account, params, body }) =>
    json(
      params.identifier.toLowerCase() === "bulk"
        ? await setStatusBulk(db, account.id, body)
        : await setStatusByIdentifier(db, account.id, params.identifier, body),
    ),
  ),
});
