import { assertEmailConfirmed } from "@/lib/accounts/email-confirmation";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { managedTeam } from "@/lib/team/managed-team";
import { inviteMember, InviteMemberInput } from "@/lib/team/invitations";

/**
 * A one-time invitation link (e-mailed too when SMTP is configured); the same answer whatever account
 * uses the address. Whoever invites (the owner or an admin) needs a confirmed address (403 email_not_confirmed).
 */
export const POST = dashboardRoute({ body: InviteMemberInput }, async ({ db, workspace, body }) => {
  const team = managedTeam(workspace);
  await assertEmailConfirmed(db, team.actorId);
  return json(await inviteMember(db, team.ownerId, body, new Date(), team.actorId), 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
