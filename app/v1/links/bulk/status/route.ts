import { z } from "zod";
import { apiRoute, json } from "@/lib/api/handler";
import { setStatusBulk } from "@/lib/links/link-by-identifier";

export const PATCH = apiRoute({ resource: "links", body: z.unknown() }, async ({ db, account, body }) =>
  json(await setStatusBulk(db, account.id, body)),
);
