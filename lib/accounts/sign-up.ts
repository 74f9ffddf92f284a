import bcrypt from "bcryptjs";
import { z } from "zod";
import { config } from "../config";
import { isUniqueViolation } from "../db/errors";
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

type SignUpSetting = "open" | "closed";

/**
 * The sign-up rule, in one place: SIGNUP=open lets anyone in; closed still lets the first account
 * of an empty database in (the operator of a fresh install needs no CLI), nobody after it.
 */
const mayJoin = (setting: SignUpSetting, accounts: number) => setting === "open" || accounts === 0;

/** For the sign-up page: whether its form is offered, and whether this would be the instance's first account. */
export async function signUpState(db: Pick<Db, "account">, setting: SignUpSetting = config().signup) {
  const accounts = await db.account.count();
  return { open: mayJoin(setting, accounts), first: accounts === 0 };
}

/** Refuses a closed sign-up before anything else is spent on it (the throttle, the password hash). */
export async function assertSignUpOpen(db: Pick<Db, "account">, setting: SignUpSetting = config().signup): Promise<void> {
  if (!(await signUpState(db, setting)).open) throw new HopError("signup_closed");
}

/**
 * Whether pages that only link to /signup (the product page, the sign-in page) show the link: the
 * setting alone, because they must render while the database is down (sign-in says why it cannot).
 */
export function signUpAdvertised(setting: SignUpSetting = config().signup): boolean {
  return setting === "open";
}

/**
 * A dashboard sign-up. The first account of an empty database gets `unlimited` (the operator of a
 * fresh install needs no CLI); every later one gets the configured default plan. Only a sign-up
 * that finds no account takes the lock and checks again under it (two first sign-ups racing on a
 * closed instance let one in): a burst of ordinary sign-ups must not queue whole transactions, each
 * holding a pooled connection, behind one lock — under load they ran out of connections.
 */
export async function signUp(
  db: Db,
  input: z.infer<typeof SignUpInput>,
  options: { defaultPlan: PlanName; signup: SignUpSetting } = config(),
) {
  const passwordHash = await bcrypt.hash(input.password, 10);
  const create = async (tx: Pick<Db, "account">, accounts: number) => {
    if (!mayJoin(options.signup, accounts)) throw new HopError("signup_closed");
    const account = await tx.account
      .create({ data: { id: newId("acc"), email: input.email, name: input.name, passwordHash, plan: accounts === 0 ? "unlimited" : options.defaultPlan } })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new HopError("invalid_request", { message: "An account with this e-mail exists. Sign in instead.", field: "email", status: 409 });
        throw error;
      });
    return { id: account.id, email: account.email, plan: account.plan, sessionVersion: account.sessionVersion };
  };
  // Accounts are never removed down to none, so one seen here stays: no lock is needed after it.
  const seen = await db.account.count();
  if (seen > 0) return create(db, seen);
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SIGN_UP_LOCK})`;
    return create(tx, await tx.account.count());
  });
}
