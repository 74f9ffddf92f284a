import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { domainDnsReport } from "@/lib/domains/verify-domain";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  GET: apiRoute({ resource: "domains" }, async ({ db, account, params }) => json(await domainDnsReport(db, account.id, params.domain))),
});
