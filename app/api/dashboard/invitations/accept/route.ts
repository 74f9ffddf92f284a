import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { AcceptInvitationInput, acceptInvitationLink } from "@/lib/team/invitations";

/** Whoever holds the link's token joins the team it names (the token travels in the body, not the path, to stay out of logs). */
export const POST = dashboardRoute({ body: AcceptInvitationInput }, async ({ db, account, body }) => json(await acceptInvitationLink(db, account.id, body.token)));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
