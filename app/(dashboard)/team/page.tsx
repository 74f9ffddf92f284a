import type { Metadata } from "next";
import type { ReactNode } from "react";
import { formatDate } from "@/components/dashboard/format";
import { planLabel } from "@/components/dashboard/plan";
import { PageHeader } from "@/components/dashboard/shell";
import { AcceptInvitation, ConfirmTeamAction, InviteMember, MemberRole, RenewInvitation } from "@/components/dashboard/team-actions";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { UsersIcon } from "@/components/ui/icons";
import { Table } from "@/components/ui/table";
import { db } from "@/lib/db/open";
import { requireWorkspace, type Workspace } from "@/lib/dashboard/workspace";
import { listInvitations } from "@/lib/team/invitations";
import { listTeam, listWorkspaceMembers } from "@/lib/team/memberships";
import { countOf } from "@/lib/text/plural";

export const metadata: Metadata = { title: "Team" };

/** On a phone a long e-mail may wrap, and only after its "@", never mid-word. */
const breakableEmail = (email: string) => {
  const at = email.indexOf("@");
  return at < 0 ? email : <>{email.slice(0, at + 1)}<wbr />{email.slice(at + 1)}</>;
};

/** A person's name over their e-mail; without a name, the e-mail once. */
function PersonName({ person }: { person: { name: string | null; email: string } }) {
  return person.name ? (
    <>
      <div className="cell-title">{person.name}</div>
      <div className="cell-sub">{breakableEmail(person.email)}</div>
    </>
  ) : (
    <div className="cell-title">{breakableEmail(person.email)}</div>
  );
}

const statusBadge = (status: string) => (status === "active" ? <Badge tone="success">Active</Badge> : <Badge tone="warning">Pending</Badge>);

export default async function TeamPage() {
  const workspace = await requireWorkspace();
  const account = workspace.account;
  const database = await db();
  const ownWorkspace = workspace.ownerId === account.id;
  // Another workspace shows its members to read: the own invitations are not read for it.
  const [{ members, memberships }, invitations] = await Promise.all([listTeam(database, account.id), ownWorkspace ? listInvitations(database, account.id) : []]);
  const now = new Date();
  const teams = <TeamsYouBelongTo memberships={memberships} />;
  if (!ownWorkspace) return <WorkspaceTeam workspace={workspace} teams={teams} />;
  return (
    <div className="page-stack">
      <PageHeader
        title="Team"
        description="Members work on your links and pages here, in your workspace, or through the API with their own keys. Admins and editors can change them; viewers can only read."
      />
      <Card labelledBy="invite">
        <CardHeader
          id="invite"
          title="Invite a member"
          description="You get a one-time link to share (it is e-mailed too when this instance sends mail). Whoever opens it signs up or signs in and joins your team with the role you chose."
        />
        <CardBody>
          <InviteMember />
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
        <CardHeader id="members" title="Your team" description={countOf(members.length, "member")} />
        <CardBody flush>
          {members.length === 0 ? (
            <EmptyState icon={<UsersIcon />} title="No members yet" headingLevel={3}>
              Invite someone above and share the link with them.
            </EmptyState>
          ) : (
            <div>
              <Table
                className="team-table"
                caption="Your team's members"
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
                      {/* On a phone the status sits here, so the row keeps its actions in view. */}
                      <div className="cell-status show-sm">{statusBadge(m.status)}</div>
                    </td>
                    <td>
                      <MemberRole id={m.id} role={m.role} email={m.member.email} />
                    </td>
                    <td className="hide-sm">{statusBadge(m.status)}</td>
                    <td className="hide-sm">{formatDate(m.createdAt)}</td>
                    <td className="actions">
                      <ConfirmTeamAction
                        url={`/api/dashboard/team/${m.id}`}
                        label="Remove"
                        title={`Remove ${m.member.email}?`}
                        description="Their keys stop acting on your links and pages at once."
                        done="Member removed"
                      />
                    </td>
                  </tr>
                ))}
              </Table>
            </div>
          )}
        </CardBody>
      </Card>
      {teams}
    </div>
  );
}

type Memberships = Awaited<ReturnType<typeof listTeam>>["memberships"];

/** The teams the signed-in account joined, with Leave (or Accept/Decline for an operator-made pending one). */
function TeamsYouBelongTo({ memberships }: { memberships: Memberships }) {
  return (
    <Card labelledBy="teams">
      <CardHeader id="teams" title="Teams you belong to" description="Teams you joined through an invitation link." />
      <CardBody flush>
        {memberships.length === 0 ? (
          <EmptyState icon={<UsersIcon />} title="No invitations" headingLevel={3}>
            When you open someone's invitation link and accept it, their team shows up here.
          </EmptyState>
        ) : (
          <Table
            className="team-table"
            caption="Teams you belong to"
            head={
              <tr>
                <th scope="col">Owner</th>
                <th scope="col" className="hide-sm">Your role</th>
                <th scope="col" className="hide-sm">Status</th>
                <th scope="col" className="actions"><span className="visually-hidden">Actions</span></th>
              </tr>
            }
          >
            {memberships.map((m) => (
              <tr key={m.id} data-membership-id={m.id}>
                <td>
                  <PersonName person={m.owner} />
                  <div className="cell-status show-sm">
                    {statusBadge(m.status)} <Badge>{planLabel(m.role)}</Badge>
                  </div>
                </td>
                <td className="hide-sm">
                  <Badge>{planLabel(m.role)}</Badge>
                </td>
                <td className="hide-sm">{statusBadge(m.status)}</td>
                <td className="actions">
                  {m.status === "pending" ? (
                    <span className="inline-actions">
                      <AcceptInvitation id={m.id} owner={m.owner.email} />
                      <ConfirmTeamAction
                        url={`/api/dashboard/team/${m.id}/leave`}
                        label="Decline"
                        title={`Decline ${m.owner.email}'s invitation?`}
                        description="They can invite you again later."
                        done="Invitation declined"
                        variant="secondary"
                      />
                    </span>
                  ) : (
                    <ConfirmTeamAction
                      url={`/api/dashboard/team/${m.id}/leave`}
                      label="Leave"
                      title={`Leave ${m.owner.email}'s team?`}
                      description="Your keys stop acting on their links and pages at once."
                      done="You left the team"
                    />
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </CardBody>
    </Card>
  );
}

/**
 * Another account's workspace: its members, to read. Only its owner manages them (invitations,
 * roles, removal); the signed-in account's own team is one switch away.
 */
async function WorkspaceTeam({ workspace, teams }: { workspace: Workspace; teams: ReactNode }) {
  const members = await listWorkspaceMembers(await db(), workspace);
  return (
    <div className="page-stack">
      <PageHeader title="Team" description={<>The members of {workspace.ownerEmail}&apos;s workspace. Only {workspace.ownerEmail} invites, changes roles and removes members; switch to your own workspace to manage your team.</>} />
      <Card labelledBy="workspace-members">
        <CardHeader id="workspace-members" title={`${workspace.ownerEmail}'s team`} description={`${countOf(members.length, "member")} · you are ${workspace.role === "viewer" ? "a viewer" : `an ${workspace.role}`}`} />
        <CardBody flush>
          <Table
            className="team-table"
            caption={`Members of ${workspace.ownerEmail}'s team`}
            head={
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Role</th>
                <th scope="col" className="hide-sm">Since</th>
              </tr>
            }
          >
            {members.map((m) => (
              <tr key={m.id} data-membership-id={m.id}>
                <td>
                  <PersonName person={m.member} />
                </td>
                <td>
                  <Badge>{planLabel(m.role)}</Badge>
                </td>
                <td className="hide-sm">{formatDate(m.createdAt)}</td>
              </tr>
            ))}
          </Table>
        </CardBody>
      </Card>
      {teams}
    </div>
  );
}
