import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { inviteMember, InviteMemberInput } from "@/lib/team/memberships";

export const POST = dashboardRoute({ body: InviteMemberInput }, async ({ db, account, body }) => json(await inviteMember(db, account.id, body), 201));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
