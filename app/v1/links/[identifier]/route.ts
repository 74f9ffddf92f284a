import { z } from "zod";
import { apiRoute, json } from "@/lib/api/handler";
import { deleteLinkByIdentifier, getLinkByIdentifier, updateLinkByIdentifier } from "@/lib/links/link-by-identifier";

export const GET = apiRoute({ resource: "links" }, async ({ db, account, params }) =>
  json(await getLinkByIdentifier(db, account.id, params.identifier)),
);

export const PUT = apiRoute({ resource: "links", body: z.unknown() }, async ({ db, account, params, body }) =>
  json(await updateLinkByIdentifier(db, account.id, params.identifier, body)),
);

export const DELETE = apiRoute({ resource: "links" }, async ({ db, account, params }) =>
  json(await deleteLinkByIdentifier(db, account.id, params.identifier)),
);
