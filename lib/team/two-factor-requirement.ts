import { z } from "zod";
import { recordAudit } from "../audit/record-audit";
import type { Db } from "../db/open";

// A team owner may require two-factor sign-in of every member: a member without it cannot open
// the owner's workspace in the dashboard (lib/dashboard/workspace-choice.ts) until it is on.

export const TeamTwoFactorInput = z.object({ required: z.boolean() });

export async function setTeamTwoFactor(db: Db, ownerId: string, input: z.infer<typeof TeamTwoFactorInput>) {
  return db.$transaction(async (tx) => {
    // Setting what is already set changes nothing: no entry.
    const { count } = await tx.account.updateMany({ where: { id: ownerId, teamRequiresTwoFactor: !input.required }, data: { teamRequiresTwoFactor: input.required } });
    if (count) await recordAudit(tx, ownerId, { action: "team.two_factor_requirement_changed", target: { type: "account", id: ownerId }, changes: { teamRequiresTwoFactor: input.required } });
    return { required: input.required };
  });
}

export async function teamRequiresTwoFactor(db: Db, ownerId: string): Promise<boolean> {
  return (await db.account.findUniqueOrThrow({ where: { id: ownerId }, select: { teamRequiresTwoFactor: true } })).teamRequiresTwoFactor;
}
