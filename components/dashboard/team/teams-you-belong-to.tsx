import { planLabel } from "@/components/dashboard/plan";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { UsersIcon } from "@/components/ui/icons";
import { Table } from "@/components/ui/table";
import type { listOwnMemberships } from "@/lib/team/memberships";
import { PersonName, statusBadge } from "./people";
import { AcceptInvitation, ConfirmTeamAction } from "./team-actions";

type Memberships = Awaited<ReturnType<typeof listOwnMemberships>>;

/** The teams the signed-in account joined, with Leave (or Accept/Decline for an operator-made pending one). */
export function TeamsYouBelongTo({ memberships }: { memberships: Memberships }) {
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
                      description="Your keys stop acting on their links and websites at once."
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
