import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { config } from "../config";
import type { Db } from "../db/open";
import { isUniqueViolation } from "../db/errors";
import { HopError } from "../errors";
import { newId } from "../ids";
import { recordAudit } from "../audit/record-audit";
import { limiter, retryAfterSeconds } from "../limits/limiter";
import { log } from "../log";
import { mailConfigured, sendMail } from "../mail/send-mail";
import { limitKeyForIp } from "../net/client-ip";
import { countOf } from "../text/plural";
import { RESET_LIMITS } from "./password-reset";

// Confirmed e-mail (docs/decisions/047-confirmed-email.md). With SMTP set up, a new account proves
// its address by a one-time link before it may create API keys or invite anyone, and a new address
// takes the place of the old one only once a link sent to it is opened. Links are like password
// reset links: 32 random bytes, stored as SHA-256 only, one per account, used once, expiring.
// Without SMTP no link can reach anyone, so every account counts as confirmed.

export const CONFIRMATION_LIFETIME_MS = 24 * 60 * 60_000;

/** 32 random bytes in base64url: what a link carries after /confirm-email/. */
export const ConfirmationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
export const ConfirmEmailInput = z.object({ token: z.string().max(100) });

const hashOf = (value: string) => createHash("sha256").update(value).digest("hex");
const notValid = () =>
  new HopError("not_found", { message: "This confirmation link is not valid: it was used, replaced by a newer one, or has expired. Send a new one from your dashboard." });

/** Whether the account may do what needs a confirmed address (without SMTP, every account may). */
export function isConfirmed(account: { emailConfirmedAt: Date | null }): boolean {
  return account.emailConfirmedAt !== null || !mailConfigured();
}

/** The refusal of key creation and invitations for an unconfirmed account (403 email_not_confirmed). */
export async function assertEmailConfirmed(db: Db, accountId: string): Promise<void> {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { emailConfirmedAt: true } });
  if (!isConfirmed(account)) throw new HopError("email_not_confirmed");
}

/** What the dashboard shows: whether the account's address is confirmed, and the address a link is out for. */
export async function confirmationState(db: Db, accountId: string, now = new Date()) {
  const [account, pending] = await Promise.all([
    db.account.findUniqueOrThrow({ where: { id: accountId }, select: { email: true, emailConfirmedAt: true } }),
    db.emailConfirmation.findFirst({ where: { accountId }, select: { email: true, expiresAt: true } }),
  ]);
  const confirmed = isConfirmed(account);
  // A change waits at the new address; a link out for the account's own address is the first confirmation.
  const pendingEmail = mailConfigured() && pending && pending.email !== account.email ? pending.email : null;
  return { confirmed, email: account.email, pendingEmail, linkExpired: pending ? pending.expiresAt <= now : false };
}

/** The dashboard banner's address: the account's own while unconfirmed, or the one it changes to; null when none waits. */
export async function addressWaiting(db: Db, accountId: string): Promise<{ email: string; change: boolean } | null> {
  // Every dashboard page asks: without SMTP nothing can wait, and nothing is read.
  if (!mailConfigured()) return null;
  const state = await confirmationState(db, accountId);
  if (state.pendingEmail) return { email: state.pendingEmail, change: true };
  return state.confirmed ? null : { email: state.email, change: false };
}

/**
 * A new link for `email` (the account's own, or the one it changes to), replacing the account's
 * previous one, and mails it. Runs in the caller's transaction when given one; the mail leaves
 * after, never holding the transaction.
 */
export async function createConfirmationLink(tx: Pick<Db, "emailConfirmation">, accountId: string, email: string, now = new Date()) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + CONFIRMATION_LIFETIME_MS);
  await tx.emailConfirmation.deleteMany({ where: { accountId } });
  await tx.emailConfirmation.create({ data: { id: newId("emc"), accountId, email, tokenHash: hashOf(token), expiresAt, createdAt: now } });
  return { email, link: `${config().appUrl}/confirm-email/${token}`, expiresAt };
}

/** Sends a link made by createConfirmationLink; `change`: the address is replacing the account's current one. */
export async function mailConfirmationLink(made: { email: string; link: string; expiresAt: Date }, change: boolean): Promise<boolean> {
  return sendMail({
    to: made.email,
    subject: change ? "Confirm your new e-mail address for Hop" : "Confirm your e-mail address for Hop",
    text: [
      change
        ? "Someone (hopefully you) asked to use this address for their Hop account. The account keeps its old address until this one is confirmed."
        : "Welcome to Hop. Confirm that this address is yours to create API keys and invite team members.",
      "",
      `Confirm: ${made.link}`,
      "",
      `The link works once and expires on ${made.expiresAt.toUTCString()}.`,
      change ? "If you did not ask for this, ignore this e-mail: nothing changes." : "If you did not sign up for Hop, ignore this e-mail.",
    ].join("\n"),
  });
}

function tooMany(msBeforeNext: number): HopError {
  const seconds = retryAfterSeconds(msBeforeNext);
  return new HopError("too_many_attempts", { message: `Too many confirmation e-mails. Try again in ${countOf(Math.ceil(seconds / 60), "minute")}.`, extras: { retryAfter: seconds } });
}

/**
 * The dashboard's "Resend": a new link for the address waiting to be confirmed (the account's own,
 * or the one it is changing to), throttled as password-reset requests are (per account and per
 * client), so the button cannot flood an inbox.
 */
export async function resendConfirmation(db: Db, accountId: string, clientIp: string | null, now = new Date()): Promise<{ sent: true; email: string; expiresAt: Date }> {
  if (!mailConfigured()) throw new HopError("invalid_request", { status: 409, message: "E-mail confirmation is not set up on this server: there is nothing to confirm." });
  const state = await confirmationState(db, accountId, now);
  if (state.confirmed && !state.pendingEmail) throw new HopError("invalid_request", { status: 409, message: "Your e-mail address is confirmed: there is nothing to resend." });
  const client = await limiter("confirm-client", RESET_LIMITS.perClient, RESET_LIMITS.windowMs).take(limitKeyForIp(clientIp));
  if (!client.allowed) throw tooMany(client.msBeforeNext);
  const byAccount = await limiter("confirm-account", RESET_LIMITS.perEmail, RESET_LIMITS.windowMs).take(accountId);
  if (!byAccount.allowed) throw tooMany(byAccount.msBeforeNext);
  const email = state.pendingEmail ?? state.email;
  const made = await db.$transaction(async (tx) => {
    const link = await createConfirmationLink(tx, accountId, email, now);
    // Who asked for a way to confirm, and when; never the link.
    await recordAudit(tx, accountId, { action: "account.email_confirmation_sent", target: { type: "account", id: accountId, label: state.email }, details: { email, expiresAt: link.expiresAt.toISOString() } });
    return link;
  });
  if (!(await mailConfirmationLink(made, Boolean(state.pendingEmail)))) throw new HopError("service_unavailable", { message: "The e-mail could not be sent. Try again in a few minutes." });
  return { sent: true, email, expiresAt: made.expiresAt };
}

/** The address a live link would confirm (the page shows it and a button), or null; opening changes nothing. */
export async function confirmationLinkState(db: Db, token: string, now = new Date()): Promise<{ email: string } | null> {
  if (!ConfirmationToken.safeParse(token).success) return null;
  return db.emailConfirmation.findFirst({ where: { tokenHash: hashOf(token), expiresAt: { gt: now } }, select: { email: true } });
}

/**
 * Uses a link, whoever opens it (signed in or not: the link is the proof). The account's own
 * address becomes confirmed; a new address replaces the old one (and is confirmed by this).
 */
export async function confirmEmail(db: Db, input: z.infer<typeof ConfirmEmailInput>, now = new Date()): Promise<{ email: string; changed: boolean }> {
  if (!ConfirmationToken.safeParse(input.token).success) throw notValid();
  const tokenHash = hashOf(input.token);
  try {
    const done = await db.$transaction(async (tx) => {
      const row = await tx.emailConfirmation.findUnique({ where: { tokenHash }, select: { accountId: true, email: true, expiresAt: true } });
      if (!row || row.expiresAt <= now) throw notValid();
      // Claimed by deleting: of two requests with the same link, only the one that deletes it goes on.
      if ((await tx.emailConfirmation.deleteMany({ where: { tokenHash } })).count === 0) throw notValid();
      const before = await tx.account.findUniqueOrThrow({ where: { id: row.accountId }, select: { email: true } });
      const changed = before.email !== row.email;
      await tx.account.update({ where: { id: row.accountId }, data: { email: row.email, emailConfirmedAt: now } });
      await recordAudit(tx, row.accountId, {
        action: changed ? "account.email_changed" : "account.email_confirmed",
        target: { type: "account", id: row.accountId, label: row.email },
        ...(changed ? { changes: { email: row.email }, details: { previousEmail: before.email } } : {}),
      });
      return { email: row.email, changed, previousEmail: before.email };
    });
    if (done.changed) mailPreviousAddress(done.previousEmail, done.email);
    return { email: done.email, changed: done.changed };
  } catch (error) {
    // The new address was taken by another account while its link waited.
    if (isUniqueViolation(error)) throw new HopError("invalid_request", { status: 409, message: "Another account uses this e-mail now, so it cannot be yours on Hop. Choose another one on your account page." });
    throw error;
  }
}

/**
 * Tells the address an account just left that it changed, so a stolen session that changed the
 * sign-in address cannot do so unseen. Sent after the answer, like the confirmation links.
 */
function mailPreviousAddress(previous: string, now: string): void {
  void sendMail({
    to: previous,
    subject: "Your Hop sign-in e-mail was changed",
    text: [
      `The Hop account that used this address now signs in with ${now}.`,
      "",
      "If that was you, there is nothing to do.",
      "If it was not, someone had access to your account: ask the operator of this Hop server to give the account back to this address, and change your password once you are back in.",
    ].join("\n"),
  }).catch((error: unknown) => log.warn("change notice not sent", { error: String(error) }));
}

/** Sends what createConfirmationLink made, after the answer; a failure is logged, never the link. */
export function mailLater(made: { email: string; link: string; expiresAt: Date }, change: boolean): void {
  void mailConfirmationLink(made, change).catch((error: unknown) => log.warn("confirmation link not sent", { error: String(error) }));
}
