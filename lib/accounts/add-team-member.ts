import { z } from "zod";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { newId } from "../ids";
import { recordAudit } from "../audit/record-audit";

export const TeamRole = z.enum(["admin", "editor", "viewer"]);
export const TeamStatus = z.enum(["active", "pending"]);

export async function addTeamMember(
  db: Db,
  ownerId: string,
  input: { memberId: string; role: z.infer<typeof TeamRole>; status: z.infer<typeof TeamStatus> },
) {
  if (input.memberId === ownerId) throw new HopError("invalid_request", { message: "An account cannot join its own team." });
  const membership = await db.$transaction(async (tx) => {
    const made = await tx.teamMembership.upsert({
      where: { ownerId_memberId: { ownerId, memberId: input.memberId } },
      create: { id: newId("tm"), ownerId, memberId: input.memberId, role: input.role, status: input.status },
      update: { role: input.role, status: input.status },
    });
    await recordAudit(tx, ownerId, { action: "member.added", target: { type: "membership", id: made.id }, changes: { memberId: input.memberId, role: input.role, status: input.status } });
    return made;
  });
  return { id: membership.id, ownerId, memberId: input.memberId, role: membership.role, status: membership.status };
}

/** Team owners on whose links the member may act: active, non-viewer memberships. */
export async function actingTeamOwners(db: Db, memberId: string): Promise<string[]> {
  const rows = await db.teamMembership.findMany({
    where: { memberId, status: "active", role: { in: ["admin", "editor"] } },
    select: { ownerId: true },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((row) => row.ownerId);
}
