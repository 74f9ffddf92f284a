import { z } from "zod";
import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { setStatusBulk } from "@/lib/links/link-by-identifier";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  PATCH: apiRoute({ resource: "links", body: z.unknown() }, async ({ db, account, body }) =>
    json(await setStatusBulk(db, account.id, body)),
  ),
});
