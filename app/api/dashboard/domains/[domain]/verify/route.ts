import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { verifyDomain } from "@/lib/domains/verify-domain";

/** One DNS check now; 200 either way, with dnsStatus saying what was found. */
export const POST = dashboardRoute({ workspace: "owner" }, async ({ db, workspace, params }) => json(await verifyDomain(db, workspace.ownerId, params.domain)));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
