import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { connectDomain } from "@/lib/domains/connect-domain";
import { ConnectDomainBody } from "@/lib/domains/schemas";

/** POST /v1/domains's use case: the claim and the DNS record to create (or the 409 with its TXT challenge). */
export const POST = dashboardRoute({ body: ConnectDomainBody, workspace: "owner" }, async ({ db, workspace, body }) => json(await connectDomain(db, workspace.ownerId, body), 201));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
