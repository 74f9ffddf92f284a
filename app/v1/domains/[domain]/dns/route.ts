import { apiRoute, json } from "@/lib/api/handler";
import { domainDnsReport } from "@/lib/domains/verify-domain";

export const GET = apiRoute({ resource: "domains" }, async ({ db, account, params }) => json(await domainDnsReport(db, account.id, params.domain)));
