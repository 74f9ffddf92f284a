import type { Metadata } from "next";
import { ManagedTeam } from "@/components/dashboard/team/managed-team";
import { TeamTwoFactorRule } from "@/components/dashboard/team/team-two-factor";
import { TeamSsoRule } from "@/components/dashboard/team/team-sso";
import { oidcButtons } from "@/lib/auth/oidc-providers";
import { teamRequiresSso } from "@/lib/team/sso-requirement";
import { TeamsYouBelongTo } from "@/components/dashboard/team/teams-you-belong-to";
import { WorkspaceTeam } from "@/components/dashboard/team/workspace-team";
import { PageHeader } from "@/components/dashboard/shell";
import { confirmationState } from "@/lib/accounts/email-confirmation";
import { db } from "@/lib/db/open";
import { requireWorkspace } from "@/lib/dashboard/workspace";
import { listInvitations } from "@/lib/team/invitations";
import { managedTeam } from "@/lib/team/managed-team";
import { listOwnMemberships, listTeamMembers } from "@/lib/team/memberships";
import { teamRequiresTwoFactor } from "@/lib/team/two-factor-requirement";
import { Card, CardBody, CardHeader } from "@/components/ui/card";

export const metadata: Metadata = { title: "Team" };

/**
 * The own team (and the teams one belongs to); in another account's workspace, that team — managed
 * by its admins as by its owner, read by its editors and viewers.
 */
export default async function TeamPage() {
  const workspace = await requireWorkspace();
  const account = workspace.account;
  const database = await db();
  const team = managedTeam(workspace);
  const manages = team.ownerId === workspace.ownerId;
  // An editor's or viewer's view of another workspace reads no invitations at all.
  const providers = oidcButtons().map((provider) => provider.name);
  const [memberships, members, invitations, requiresTwoFactor, confirmation, requiresSso] = await Promise.all([
    listOwnMemberships(database, account.id),
    manages ? listTeamMembers(database, team.ownerId) : [],
    manages ? listInvitations(database, team.ownerId) : [],
    teamRequiresTwoFactor(database, account.id),
    confirmationState(database, account.id),
    teamRequiresSso(database, account.id),
  ]);
  const teams = <TeamsYouBelongTo memberships={memberships} />;
  if (!manages) return <WorkspaceTeam workspace={workspace} teams={teams} />;
  const asAdmin = team.ownerId !== account.id;
  return (
    <div className="page-stack">
      <PageHeader
        title="Team"
        description={
          asAdmin
            ? `You are an admin of ${workspace.ownerEmail}'s team: you invite, change roles and remove members as its owner does. Only ${workspace.ownerEmail} changes your own role.`
            : "Members work on your links and websites here, in your workspace, or through the API with their own keys. Admins and editors can change them; viewers can only read."
        }
      />
      <ManagedTeam ownerEmail={asAdmin ? workspace.ownerEmail : null} actorId={account.id} members={members} invitations={invitations} now={new Date()} unconfirmedEmail={confirmation.confirmed ? null : confirmation.email} />
      {asAdmin ? null : (
        <Card labelledBy="team-sign-in">
          <CardHeader id="team-sign-in" title="Sign-in rules" description="What members need before they can work in your workspace." />
          <CardBody>
            <TeamTwoFactorRule required={requiresTwoFactor} />
            {/* Offered while the operator has a provider set up; a rule already on stays visible to be turned off. */}
            {providers.length || requiresSso ? <TeamSsoRule required={requiresSso} providers={providers} /> : null}
          </CardBody>
        </Card>
      )}
      {teams}
    </div>
  );
}
