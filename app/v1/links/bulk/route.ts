import { z } from "zod";
import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { createLinksBulk } from "@/lib/links/create-links-bulk";
import { deleteLinksBulk } from "@/lib/links/delete-links-bulk";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  POST: apiRoute({ resource: "links", body: z.unknown() }, async ({ db, account, body }) =>
    json(await createLinksBulk(db, account, body)),
  ),
  DELETE: apiRoute({ resource: "links", body: z.unknown() }, async ({ db, account, body }) =>
    json(await deleteLinksBulk(db, account.id, body)),
  ),
});
