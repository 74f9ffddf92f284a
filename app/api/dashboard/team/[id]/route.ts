import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { managedTeam } from "@/lib/team/managed-team";
import { ChangeRoleInput, changeMemberRole, removeMember } from "@/lib/team/memberships";

/** The owner's (or the team's admin's) side: change a member's role, or remove the member. */
export const PATCH = dashboardRoute({ body: ChangeRoleInput }, async ({ db, workspace, body, params }) =>
  json(await changeMemberRole(db, managedTeam(workspace), params.id, body)),
);
export const DELETE = dashboardRoute({}, async ({ db, workspace, params }) => json(await removeMember(db, managedTeam(workspace), params.id)));

export const { GET, POST, PUT, OPTIONS } = otherMethods({ PATCH, DELETE });
