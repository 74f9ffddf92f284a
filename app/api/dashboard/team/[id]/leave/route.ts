import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { leaveTeam } from "@/lib/team/memberships";

/** The member's side: decline a pending invitation or leave the team. */
export const POST = dashboardRoute({}, async ({ db, account, params }) => json(await leaveTeam(db, account.id, params.id)));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
