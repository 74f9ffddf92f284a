import { z } from "zod";
import { TeamRole } from "../accounts/add-team-member";
import type { Db } from "../db/open";
import { HopError } from "../errors";

// The dashboard's Team page: an owner changes roles and removes members; a member leaves. People
// join through invitation links (invitations.ts), never by the e-mail of their account. A pending
// membership exists only when the operator made one (`team add --status pending`): its member
// accepts or declines it here. Every write names the acting account in its `where`, so another
// account's membership id is simply not found.

export const ChangeRoleInput = z.object({ role: TeamRole });

const notFound = () => new HopError("not_found", { message: "No such membership in your team." });

export async function listTeam(db: Db, accountId: string) {
  const [members, memberships] = await Promise.all([
    db.teamMembership.findMany({
      where: { ownerId: accountId },
      orderBy: { createdAt: "asc" },
      select: { id: true, role: true, status: true, createdAt: true, member: { select: { email: true, name: true } } },
    }),
    db.teamMembership.findMany({
      where: { memberId: accountId },
      orderBy: { createdAt: "asc" },
      select: { id: true, role: true, status: true, createdAt: true, owner: { select: { email: true, name: true } } },
    }),
  ]);
  return { members, memberships };
}

export async function changeMemberRole(db: Db, ownerId: string, membershipId: string, input: z.infer<typeof ChangeRoleInput>) {
  const result = await db.teamMembership.updateMany({ where: { id: membershipId, ownerId }, data: { role: input.role } });
  if (result.count === 0) throw notFound();
  return { id: membershipId, role: input.role };
}

export async function removeMember(db: Db, ownerId: string, membershipId: string) {
  const result = await db.teamMembership.deleteMany({ where: { id: membershipId, ownerId } });
  if (result.count === 0) throw notFound();
  return { id: membershipId, removed: true };
}

export async function acceptInvitation(db: Db, memberId: string, membershipId: string) {
  const result = await db.teamMembership.updateMany({ where: { id: membershipId, memberId, status: "pending" }, data: { status: "active" } });
  if (result.count === 0) throw new HopError("not_found", { message: "No pending invitation with this id." });
  return { id: membershipId, status: "active" };
}

/** Declining a pending invitation and leaving an active team are the same act for the member. */
export async function leaveTeam(db: Db, memberId: string, membershipId: string) {
  const result = await db.teamMembership.deleteMany({ where: { id: membershipId, memberId } });
  if (result.count === 0) throw new HopError("not_found", { message: "No such team membership." });
  return { id: membershipId, left: true };
}

/**
 * The members of the team whose workspace a member has selected (resolveWorkspace checked the
 * membership): who they are and their roles, to read. Only the owner changes them.
 */
export async function listWorkspaceMembers(db: Db, workspace: { ownerId: string }) {
  return db.teamMembership.findMany({
    where: { ownerId: workspace.ownerId, status: "active" },
    orderBy: { createdAt: "asc" },
    select: { id: true, role: true, createdAt: true, member: { select: { email: true, name: true } } },
  });
}
