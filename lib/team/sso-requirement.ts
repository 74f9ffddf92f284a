import { z } from "zod";
import { recordAudit } from "../audit/record-audit";
import type { Db } from "../db/open";

// A team owner may require single sign-on of every member (docs/decisions/051): a member whose
// session came from a password cannot open the owner's workspace in the dashboard
// (lib/dashboard/workspace-choice.ts) until they sign in through a provider.

export const TeamSsoInput = z.object({ required: z.boolean() });

export async function setTeamSso(db: Db, ownerId: string, input: z.infer<typeof TeamSsoInput>) {
  return db.$transaction(async (tx) => {
    // Setting what is already set changes nothing: no entry.
    const { count } = await tx.account.updateMany({ where: { id: ownerId, teamRequiresSso: !input.required }, data: { teamRequiresSso: input.required } });
    if (count) await recordAudit(tx, ownerId, { action: "team.sso_requirement_changed", target: { type: "account", id: ownerId }, changes: { teamRequiresSso: input.required } });
    return { required: input.required };
  });
}

export async function teamRequiresSso(db: Db, ownerId: string): Promise<boolean> {
  return (await db.account.findUniqueOrThrow({ where: { id: ownerId }, select: { teamRequiresSso: true } })).teamRequiresSso;
}
