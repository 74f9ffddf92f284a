import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { connectDomain, listDomains } from "@/lib/domains/connect-domain";
import { ConnectDomainBody } from "@/lib/domains/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  GET: apiRoute({ resource: "domains" }, async ({ db, account }) => json(await listDomains(db, account.id))),
  POST: apiRoute({ resource: "domains", body: ConnectDomainBody }, async ({ db, account, body }) =>
    json(await connectDomain(db, account.id, body), 201),
  ),
});
