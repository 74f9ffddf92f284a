import { apiRoute, ok } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { setStatusBulk, setStatusByIdentifier } from "@/lib/links/link-by-identifier";

// `bulk` in any letter case is the bulk endpoint, never a link identifier (its body is checked
// against BulkStatusBody there; StatusBody keeps unknown members such as `links`), and answers as it.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.setLinkStatus, async ({ db, account, params, body, ok: answer }) =>
    params.identifier.toLowerCase() === "bulk"
      ? ok(operations.setLinksStatusBulk, await setStatusBulk(db, account.id, body))
      : answer(await setStatusByIdentifier(db, account.id, params.identifier, body)),
  ),
);
