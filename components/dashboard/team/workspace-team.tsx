import type { ReactNode } from "react";
import { formatDate } from "@/components/dashboard/format";
import { planLabel } from "@/components/dashboard/plan";
import { PageHeader } from "@/components/dashboard/shell";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Table } from "@/components/ui/table";
import { db } from "@/lib/db/open";
import type { Workspace } from "@/lib/dashboard/workspace";
import { listWorkspaceMembers } from "@/lib/team/memberships";
import { countOf } from "@/lib/text/plural";
import { PersonName } from "./people";

/**
 * Another account's workspace as its editor or viewer: its members, to read. Its owner and admins
 * manage them (invitations, roles, removal); the signed-in account's own team is one switch away.
 */
export async function WorkspaceTeam({ workspace, teams }: { workspace: Workspace; teams: ReactNode }) {
  const members = await listWorkspaceMembers(await db(), workspace);
  return (
    <div className="page-stack">
      <PageHeader title="Team" description={<>The members of {workspace.ownerEmail}&apos;s workspace. Its owner and admins invite, change roles and remove members; switch to your own workspace to manage your team.</>} />
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
