import { apiRoute, json } from "@/lib/api/handler";
import { verifyDomain } from "@/lib/domains/verify-domain";

export const POST = apiRoute({ resource: "domains" }, async ({ db, account, params }) => json(await verifyDomain(db, account.id, params.domain)));
