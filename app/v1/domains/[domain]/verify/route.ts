import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { verifyDomain } from "@/lib/domains/verify-domain";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  POST: apiRoute({ resource: "domains" }, async ({ db, account, params }) => json(await verifyDomain(db, account.id, params.domain))),
});
