import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { ChangeRoleInput, changeMemberRole, removeMember } from "@/lib/team/memberships";

/** The owner's side: change a member's role, or remove the member. */
export const PATCH = dashboardRoute({ body: ChangeRoleInput }, async ({ db, account, body, params }) =>
  json(await changeMemberRole(db, account.id, params.id, body)),
);
export const DELETE = dashboardRoute({}, async ({ db, account, params }) => json(await removeMember(db, account.id, params.id)));

export const { GET, POST, PUT, OPTIONS } = otherMethods({ PATCH, DELETE });
