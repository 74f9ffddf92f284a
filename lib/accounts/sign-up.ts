import bcrypt from "bcryptjs";
import { z } from "zod";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { newId } from "../ids";
import type { PlanName } from "./plans";

export const SignUpInput = z.object({
  name: z.string().trim().min(1, "Enter your name.").max(100, "Use at most 100 characters."),
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid e-mail address.")),
  password: z.string().min(8, "Use at least 8 characters.").max(200, "Use at most 200 characters."),
});

// Serialises sign-ups so that exactly one account can be the first of an empty database.
const SIGN_UP_LOCK = 72707370;

/**
 * A dashboard sign-up. The first account of an empty database gets `unlimited` (the operator of a
 * fresh install needs no CLI); every later one gets the configured default plan.
 */
export async function signUp(db: Db, input: z.infer<typeof SignUpInput>, options: { defaultPlan: PlanName }) {
  const passwordHash = await bcrypt.hash(input.password, 10);
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SIGN_UP_LOCK})`;
    const existing = await tx.account.findUnique({ where: { email: input.email }, select: { id: true } });
    if (existing) throw new HopError("invalid_request", { message: "An account with this e-mail exists. Sign in instead.", field: "email", status: 409 });
    const first = (await tx.account.count()) === 0;
    const account = await tx.account.create({
      data: { id: newId("acc"), email: input.email, name: input.name, passwordHash, plan: first ? "unlimited" : options.defaultPlan },
    });
    return { id: account.id, email: account.email, plan: account.plan, sessionVersion: account.sessionVersion };
  });
}
