import { hashPassword } from "../auth/password-hash";
import { z } from "zod";
import { config } from "../config";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { newId } from "../ids";
import { recordAudit } from "../audit/record-audit";
import { log } from "../log";
import { mailConfigured, sendMail } from "../mail/send-mail";
import type { PlanName } from "./plans";
import { createConfirmationLink, mailLater } from "./email-confirmation";

export const SignUpInput = z.object({
  name: z.string().trim().min(1, "Enter your name.").max(100, "Use at most 100 characters."),
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid e-mail address.")),
  password: z.string().min(8, "Use at least 8 characters.").max(200, "Use at most 200 characters."),
});

// Serialises sign-ups so that exactly one account can be the first of an empty database.
const SIGN_UP_LOCK = 72707370;

type SignUpSetting = "open" | "oidc-only" | "closed";

/**
 * The sign-up rule, in one place: SIGNUP=open lets anyone in; closed still lets the first account
 * of an empty database in (the operator of a fresh install needs no CLI), nobody after it.
 */
export const mayJoin = (setting: SignUpSetting, accounts: number) => setting === "open" || accounts === 0;

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
 * What a sign-up answers for an address that already has an account: what a new account's answer
 * would be (a fresh id, the default plan — an address that exists means the database is not empty,
 * so a new account would not be the first), the existing account untouched. The owner hears of
 * it by e-mail when SMTP is set up. Nothing in the answer, its status or its time (the password is
 * hashed either way) tells a visitor whether the address was taken (docs/decisions).
 */
function asIfCreated(email: string, defaultPlan: PlanName) {
  if (mailConfigured()) {
    void sendMail({
      to: email,
      subject: "You already have a Hop account",
      text: [
        "Someone (hopefully you) tried to sign up for Hop with this e-mail address, which already has an account.",
        "No new account was made and your account is unchanged.",
        "",
        `Sign in: ${config().appUrl}/login`,
        `Forgot your password? ${config().appUrl}/forgot-password`,
        "",
        "If this was not you, you can ignore this e-mail.",
      ].join("\n"),
    }).catch((error: unknown) => log.warn("sign-up notice not sent", { error: String(error) }));
  }
  return { id: newId("acc"), email, plan: defaultPlan as string, sessionVersion: 0, confirmEmail: mailConfigured() };
}

/**
 * A dashboard sign-up. The first account of an empty database gets `unlimited` (the operator of a
 * fresh install needs no CLI); every later one gets the configured default plan. Only a sign-up
 * that finds no account takes the lock and checks again under it (two first sign-ups racing on a
 * closed instance let one in): a burst of ordinary sign-ups must not queue whole transactions, each
 * holding a pooled connection, behind one lock — under load they ran out of connections.
 * With SMTP the new account's address is unconfirmed and a link goes to it after the answer
 * (`confirmEmail: true`, as for a taken address); without SMTP it is confirmed from the start.
 */
export async function signUp(
  db: Db,
  input: z.infer<typeof SignUpInput>,
  options: { defaultPlan: PlanName; signup: SignUpSetting } = config(),
) {
  const passwordHash = await hashPassword(input.password);
  const confirmEmail = mailConfigured();
  const create = async (tx: Pick<Db, "account" | "auditEntry" | "emailConfirmation">, accounts: number) => {
    if (!mayJoin(options.signup, accounts)) throw new HopError("signup_closed");
    const emailConfirmedAt = confirmEmail ? null : new Date();
    const data = { id: newId("acc"), email: input.email, name: input.name, passwordHash, plan: accounts === 0 ? "unlimited" : options.defaultPlan, emailConfirmedAt };
    // An address already used inserts nothing (no failed statement to end the transaction).
    const { count } = await tx.account.createMany({ data: [data], skipDuplicates: true });
    if (count === 0) return asIfCreated(input.email, options.defaultPlan);
    await recordAudit(tx, data.id, { action: "account.created", target: { type: "account", id: data.id, label: data.email }, changes: { email: data.email, name: data.name, plan: data.plan } });
    const link = confirmEmail ? await createConfirmationLink(tx, data.id, data.email) : null;
    return { id: data.id, email: data.email, plan: data.plan as string, sessionVersion: 0, confirmEmail, link };
  };
  const made = await transact(db, create);
  // Mailed after the transaction (and not awaited, as the taken address's notice is not).
  if ("link" in made && made.link) mailLater(made.link, false);
  return { id: made.id, email: made.email, plan: made.plan, sessionVersion: made.sessionVersion, confirmEmail: made.confirmEmail };
}

/** Runs `create` in a transaction, under the first-account lock while the database has no account. */
export async function transact<T>(db: Db, create: (tx: Pick<Db, "account" | "auditEntry" | "emailConfirmation" | "linkedIdentity">, accounts: number) => Promise<T>): Promise<T> {
  // Accounts are never removed down to none, so one seen here stays: no lock is needed after it.
  const seen = await db.account.count();
  if (seen > 0) return db.$transaction((tx) => create(tx, seen));
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SIGN_UP_LOCK})`;
    return create(tx, await tx.account.count());
  });
}
