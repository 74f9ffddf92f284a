import { formatDate } from "@/components/dashboard/format";
import { planLabel } from "@/components/dashboard/plan";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { UsersIcon } from "@/components/ui/icons";
import { Table } from "@/components/ui/table";
import type { listInvitations } from "@/lib/team/invitations";
import type { listTeamMembers } from "@/lib/team/memberships";
import { countOf } from "@/lib/text/plural";
import { breakableEmail, PersonName, statusBadge } from "./people";
import { ConfirmTeamAction, InviteMember, MemberRole, RenewInvitation } from "./team-actions";

/**
 * A team as its manager sees it: the invite form, the open invitations and the members with their
 * roles. The manager is the owner, or an admin of the owner's team (`ownerEmail` set), whose own
 * row shows its role without controls: only the owner changes it. `unconfirmedEmail`: the
 * manager's own address waits for its confirmation link, so the server refuses invitations.
 */
export function ManagedTeam({ ownerEmail, actorId, members, invitations, now, unconfirmedEmail = null }: {
  ownerEmail: string | null;
  unconfirmedEmail?: string | null;
  actorId: string;
  members: Awaited<ReturnType<typeof listTeamMembers>>;
  invitations: Awaited<ReturnType<typeof listInvitations>>;
  now: Date;
}) {
  const teamName = ownerEmail ? `${ownerEmail}'s team` : "your team";
  return (
    <>
      <Card labelledBy="invite">
        <CardHeader
          id="invite"
          title="Invite a member"
          description={`You get a one-time link to share (it is e-mailed too when this instance sends mail). Whoever opens it signs up or signs in and joins ${teamName} with the role you chose.`}
        />
        <CardBody>
          {unconfirmedEmail ? (
            <Alert tone="warning">
              <strong>Confirm your e-mail address to invite members.</strong> We sent a link to {unconfirmedEmail}; &ldquo;Resend the link&rdquo; at the top of the page sends a new one.
            </Alert>
          ) : (
            <InviteMember />
          )}
        </CardBody>
      </Card>
      {invitations.length > 0 ? (
        <Card labelledBy="invitations">
          <CardHeader id="invitations" title="Open invitations" description="Links not used yet. A new link replaces the previous one; a cancelled link stops working." />
          <CardBody flush>
            <Table
              className="team-table"
              caption="Open invitations"
              head={
                <tr>
                  <th scope="col">Sent to</th>
                  <th scope="col" className="hide-sm">Role</th>
                  <th scope="col" className="hide-sm">Link</th>
                  <th scope="col" className="actions"><span className="visually-hidden">Actions</span></th>
                </tr>
              }
            >
              {invitations.map((invitation) => {
                const expired = invitation.expiresAt <= now;
                const state = expired ? <Badge tone="danger">Expired</Badge> : <Badge tone="warning">Expires {formatDate(invitation.expiresAt)}</Badge>;
                return (
                  <tr key={invitation.id} data-invitation-id={invitation.id}>
                    <td>
                      <div className="cell-title">{breakableEmail(invitation.email)}</div>
                      <div className="cell-status show-sm">
                        {state} <Badge>{planLabel(invitation.role)}</Badge>
                      </div>
                    </td>
                    <td className="hide-sm">
                      <Badge>{planLabel(invitation.role)}</Badge>
                    </td>
                    <td className="hide-sm">{state}</td>
                    <td className="actions">
                      <span className="inline-actions">
                        <RenewInvitation email={invitation.email} role={invitation.role} />
                        <ConfirmTeamAction
                          url={`/api/dashboard/team/invitations/${invitation.id}`}
                          label="Cancel"
                          title={`Cancel the invitation to ${invitation.email}?`}
                          description="Its link stops working at once."
                          done="Invitation cancelled"
                          variant="secondary"
                        />
                      </span>
                    </td>
                  </tr>
                );
              })}
            </Table>
          </CardBody>
        </Card>
      ) : null}
      <Card labelledBy="members">
        <CardHeader id="members" title={ownerEmail ? `${ownerEmail}'s team` : "Your team"} description={countOf(members.length, "member")} />
        <CardBody flush>
          {members.length === 0 ? (
            <EmptyState icon={<UsersIcon />} title="No members yet" headingLevel={3}>
              Invite someone above and share the link with them.
            </EmptyState>
          ) : (
            <div>
              <Table
                className="team-table"
                caption={ownerEmail ? `Members of ${ownerEmail}'s team` : "Your team's members"}
                head={
                  <tr>
                    <th scope="col">Member</th>
                    <th scope="col">Role</th>
                    <th scope="col" className="hide-sm">Status</th>
                    <th scope="col" className="hide-sm">Invited</th>
                    <th scope="col" className="actions"><span className="visually-hidden">Actions</span></th>
                  </tr>
                }
              >
                {members.map((m) => (
                  <tr key={m.id} data-membership-id={m.id}>
                    <td>
                      <PersonName person={m.member} />
                      {m.memberId === actorId ? <div className="cell-sub">You (only the owner changes your role)</div> : null}
                      {/* On a phone the status sits here, so the row keeps its actions in view. */}
                      <div className="cell-status show-sm">{statusBadge(m.status)}</div>
                    </td>
                    <td>
                      {m.memberId === actorId ? (
                        <Badge>{planLabel(m.role)}</Badge>
                      ) : (
                        <MemberRole id={m.id} role={m.role} email={m.member.email} />
                      )}
                    </td>
                    <td className="hide-sm">{statusBadge(m.status)}</td>
                    <td className="hide-sm">{formatDate(m.createdAt)}</td>
                    <td className="actions">
                      {m.memberId === actorId ? null : (
                        <ConfirmTeamAction
                          url={`/api/dashboard/team/${m.id}`}
                          label="Remove"
                          title={`Remove ${m.member.email}?`}
                          description={`Their keys stop acting on ${ownerEmail ? `${ownerEmail}'s` : "your"} links and websites at once.`}
                          done="Member removed"
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </Table>
            </div>
          )}
        </CardBody>
      </Card>
    </>
  );
}
