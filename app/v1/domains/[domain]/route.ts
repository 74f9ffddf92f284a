import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { setDefaultDomain } from "@/lib/domains/connect-domain";
import { SetDefaultBody } from "@/lib/domains/schemas";
import { deleteDomain } from "@/lib/domains/delete-domain";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  PATCH: apiRoute({ resource: "domains", body: SetDefaultBody }, async ({ db, account, params, body }) =>
    json(await setDefaultDomain(db, account.id, params.domain, body.isDefault)),
  ),
  DELETE: apiRoute({ resource: "domains" }, async ({ db, account, params }) =>
    json(await deleteDomain(db, account.id, params.domain)),
  ),
});
