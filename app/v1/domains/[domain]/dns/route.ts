import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { domainDnsReport } from "@/lib/domains/verify-domain";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.getDomainDns, async ({ db, account, params, ok }) => ok(await domainDnsReport(db, account.id, params.domain))),
);
