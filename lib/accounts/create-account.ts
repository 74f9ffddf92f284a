import { hashPassword } from "../auth/password-hash";
import { z } from "zod";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { newId } from "../ids";
import { recordAudit } from "../audit/record-audit";
import { PlanName } from "./plans";

export const CreateAccountInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  password: z.string().min(8).max(200).optional(),
  plan: PlanName.default("growth"),
  name: z.string().trim().min(1).max(100).optional(),
});

export async function createAccount(db: Db, input: z.infer<typeof CreateAccountInput>) {
  const existing = await db.account.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) throw new HopError("invalid_request", { message: `An account with e-mail ${input.email} exists.`, field: "email", status: 409 });
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const account = await db.$transaction(async (tx) => {
    // The operator vouches for the address they type: a CLI account is confirmed (docs/decisions/047).
    const made = await tx.account.create({ data: { id: newId("acc"), email: input.email, name: input.name ?? null, plan: input.plan, passwordHash, emailConfirmedAt: new Date() } });
    await recordAudit(tx, made.id, { action: "account.created", target: { type: "account", id: made.id, label: made.email }, changes: { email: made.email, name: made.name, plan: made.plan, password: passwordHash !== null } });
    return made;
  });
  return { id: account.id, email: account.email, plan: account.plan };
}

/** Operators address accounts by e-mail (CLI); not scoped, hence the name. */
export async function findAccountByEmailAcrossAccounts(db: Db, email: string) {
  const account = await db.account.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!account) throw new HopError("not_found", { message: `No account with e-mail ${email}.` });
  return account;
}
