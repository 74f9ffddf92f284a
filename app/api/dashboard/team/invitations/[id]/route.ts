import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { managedTeam } from "@/lib/team/managed-team";
import { cancelInvitation } from "@/lib/team/invitations";

/** The owner (or the team's admin) withdraws an invitation: its link stops working. */
export const DELETE = dashboardRoute({}, async ({ db, workspace, params }) => json(await cancelInvitation(db, managedTeam(workspace).ownerId, params.id)));

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
