import { z } from "zod";
import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { setStatusBulk, setStatusByIdentifier } from "@/lib/links/link-by-identifier";

// `bulk` in any letter case is the bulk endpoint, never a link identifier.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  PATCH: apiRoute({ resource: "links", body: z.unknown() }, async ({ db, account, params, body }) =>
    json(
      params.identifier.toLowerCase() === "bulk"
        ? await setStatusBulk(db, account.id, body)
        : await setStatusByIdentifier(db, account.id, params.identifier, body),
    ),
  ),
});
