import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { acceptInvitation } from "@/lib/team/memberships";

export const POST = dashboardRoute({}, async ({ db, account, params }) => json(await acceptInvitation(db, account.id, params.id)));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
