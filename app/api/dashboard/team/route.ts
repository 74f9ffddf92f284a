import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { inviteMember, InviteMemberInput } from "@/lib/team/invitations";

/** A one-time invitation link (e-mailed too when SMTP is configured); the same answer whatever account uses the address. */
export const POST = dashboardRoute({ body: InviteMemberInput }, async ({ db, account, body }) => json(await inviteMember(db, account.id, body), 201));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
