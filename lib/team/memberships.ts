import { z } from "zod";
import { TeamRole } from "../accounts/add-team-member";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import type { TeamActor } from "./managed-team";
import { recordAudit } from "../audit/record-audit";

// The dashboard's Team page: an owner (or an admin of the owner's team: managed-team.ts) changes
// roles and removes members; a member leaves. People
// join through invitation links (invitations.ts), never by the e-mail of their account. A pending
// membership exists only when the operator made one (`team add --status pending`): its member
// accepts or declines it here. Every write names the acting account in its `where`, so another
// account's membership id is simply not found.

export const ChangeRoleInput = z.object({ role: TeamRole });

const notFound = () => new HopError("not_found", { message: "No such membership in your team." });

/** The members of `ownerId`'s team (its owner's, or an admin's view of it: managed-team.ts). */
export function listTeamMembers(db: Db, ownerId: string) {
  return db.teamMembership.findMany({
    where: { ownerId },
    orderBy: { createdAt: "asc" },
    select: { id: true, memberId: true, role: true, status: true, createdAt: true, member: { select: { email: true, name: true } } },
  });
}

/** The teams `accountId` belongs to (or was made a pending member of by the operator). */
export function listOwnMemberships(db: Db, accountId: string) {
  return db.teamMembership.findMany({
    where: { memberId: accountId },
    orderBy: { createdAt: "asc" },
    select: { id: true, role: true, status: true, createdAt: true, owner: { select: { email: true, name: true } } },
  });
}

/** A membership of the managed team other than the actor's own (an admin's own is the owner's to change). */
const othersMembership = (team: TeamActor, membershipId: string) => ({ id: membershipId, ownerId: team.ownerId, memberId: { not: team.actorId } });

async function refusalFor(db: Db, team: TeamActor, membershipId: string): Promise<HopError> {
  const own = await db.teamMembership.count({ where: { id: membershipId, ownerId: team.ownerId, memberId: team.actorId } });
  return own > 0 ? new HopError("forbidden", { message: "Only the team's owner changes your own role or removes you; to step down, leave the team." }) : notFound();
}

export async function changeMemberRole(db: Db, team: TeamActor, membershipId: string, input: z.infer<typeof ChangeRoleInput>) {
  const count = await db.$transaction(async (tx) => {
    const result = await tx.teamMembership.updateMany({ where: othersMembership(team, membershipId), data: { role: input.role } });
    if (result.count) await recordAudit(tx, team.ownerId, { action: "member.role_changed", target: { type: "membership", id: membershipId }, changes: { role: input.role } });
    return result.count;
  });
  if (count === 0) throw await refusalFor(db, team, membershipId);
  return { id: membershipId, role: input.role };
}

export async function removeMember(db: Db, team: TeamActor, membershipId: string) {
  const count = await db.$transaction(async (tx) => {
    const result = await tx.teamMembership.deleteMany({ where: othersMembership(team, membershipId) });
    if (result.count) await recordAudit(tx, team.ownerId, { action: "member.removed", target: { type: "membership", id: membershipId } });
    return result.count;
  });
  if (count === 0) throw await refusalFor(db, team, membershipId);
  return { id: membershipId, removed: true };
}

/** The member's answers land in the team owner's log, as every change of the team does. */
export async function acceptInvitation(db: Db, memberId: string, membershipId: string) {
  await db.$transaction(async (tx) => {
    const membership = await tx.teamMembership.findFirst({ where: { id: membershipId, memberId, status: "pending" }, select: { ownerId: true, role: true } });
    const result = await tx.teamMembership.updateMany({ where: { id: membershipId, memberId, status: "pending" }, data: { status: "active" } });
    if (!membership || result.count === 0) throw new HopError("not_found", { message: "No pending invitation with this id." });
    await recordAudit(tx, membership.ownerId, { action: "member.joined", target: { type: "membership", id: membershipId }, changes: { role: membership.role, status: "active" } });
  });
  return { id: membershipId, status: "active" };
}

/** Declining a pending invitation and leaving an active team are the same act for the member. */
export async function leaveTeam(db: Db, memberId: string, membershipId: string) {
  await db.$transaction(async (tx) => {
    const membership = await tx.teamMembership.findFirst({ where: { id: membershipId, memberId }, select: { ownerId: true, status: true } });
    const result = await tx.teamMembership.deleteMany({ where: { id: membershipId, memberId } });
    if (!membership || result.count === 0) throw new HopError("not_found", { message: "No such team membership." });
    await recordAudit(tx, membership.ownerId, { action: membership.status === "pending" ? "member.declined" : "member.left", target: { type: "membership", id: membershipId } });
  });
  return { id: membershipId, left: true };
}

/**
 * The members of the team whose workspace a member has selected (resolveWorkspace checked the
 * membership): who they are and their roles, to read (an admin manages them through listTeam).
 */
export async function listWorkspaceMembers(db: Db, workspace: { ownerId: string }) {
  return db.teamMembership.findMany({
    where: { ownerId: workspace.ownerId, status: "active" },
    orderBy: { createdAt: "asc" },
    select: { id: true, role: true, createdAt: true, member: { select: { email: true, name: true } } },
  });
}
