import { z } from "zod";
import { TeamRole } from "../accounts/add-team-member";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { newId } from "../ids";

// The dashboard's Team page: an owner invites existing accounts (pending until they accept),
// changes roles and removes members; a member accepts, declines or leaves. Every write names the
// acting account in its `where`, so another account's membership id is simply not found.

export const InviteMemberInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid e-mail address.")),
  role: TeamRole,
});
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

export async function inviteMember(db: Db, ownerId: string, input: z.infer<typeof InviteMemberInput>) {
  const member = await db.account.findUnique({ where: { email: input.email }, select: { id: true } });
  if (!member) {
    throw new HopError("not_found", { message: "No Hop account uses this e-mail. Ask them to sign up first.", field: "email" });
  }
  if (member.id === ownerId) throw new HopError("invalid_request", { message: "You cannot invite yourself.", field: "email" });
  return db.$transaction(async (tx) => {
    const existing = await tx.teamMembership.findUnique({ where: { ownerId_memberId: { ownerId, memberId: member.id } }, select: { id: true } });
    if (existing) throw new HopError("invalid_request", { message: "This account is already in your team.", field: "email", status: 409 });
    const row = await tx.teamMembership.create({ data: { id: newId("tm"), ownerId, memberId: member.id, role: input.role, status: "pending" } });
    return { id: row.id, role: row.role, status: row.status };
  });
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
