import { createHash, randomBytes } from "node:crypto";
import { hashPassword } from "../auth/password-hash";
import { z } from "zod";
import { config } from "../config";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { newId } from "../ids";
import { recordAudit } from "../audit/record-audit";
import { limiter, retryAfterSeconds } from "../limits/limiter";
import { log } from "../log";
import { mailConfigured, sendMail } from "../mail/send-mail";
import { limitKeyForIp } from "../net/client-ip";
import { countOf } from "../text/plural";

// "Forgot password": a one-time link, valid for an hour, e-mailed when SMTP is configured (the
// operator's CLI prints one otherwise). The request's answer is the same whether or not an account
// uses the address, and takes the same time: the account is looked up and the mail sent after the
// answer. Requests are throttled per address and per client, so the form can't be used to flood
// an inbox. Using a link sets the password, deletes every link of the account and ends all its
// sessions (sessionVersion), as a password change does.

export const RESET_LIFETIME_MS = 60 * 60_000;
export const RESET_LIMITS = { perEmail: 3, perClient: 20, windowMs: 60 * 60_000 };

const Email = z.string().trim().toLowerCase().max(320, "Use at most 320 characters.").pipe(z.email("Enter a valid e-mail address."));
export const RequestPasswordResetInput = z.object({ email: Email });
export const ResetPasswordInput = z.object({
  token: z.string().max(100),
  password: z.string().min(8, "Use at least 8 characters.").max(200, "Use at most 200 characters."),
});
/** 32 random bytes in base64url: what a link carries after /reset-password/. */
export const ResetToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

const hashOf = (value: string) => createHash("sha256").update(value).digest("hex");
const resetPath = (token: string) => `/reset-password/${token}`;
const notValid = () => new HopError("not_found", { message: "This reset link is not valid: it was used, replaced by a newer one, or has expired. Ask for a new one." });

function tooMany(msBeforeNext: number): HopError {
  const seconds = retryAfterSeconds(msBeforeNext);
  return new HopError("too_many_attempts", { message: `Too many reset requests. Try again in ${countOf(Math.ceil(seconds / 60), "minute")}.`, extras: { retryAfter: seconds } });
}

/** A new link for the account of `email` (the previous ones stop working), or null when no account uses it. */
export async function createResetLink(db: Db, email: string, now = new Date()): Promise<{ link: string; email: string; expiresAt: Date } | null> {
  const account = await db.account.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true, email: true } });
  if (!account) return null;
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + RESET_LIFETIME_MS);
  await db.$transaction(async (tx) => {
    await tx.passwordReset.deleteMany({ where: { accountId: account.id } });
    await tx.passwordReset.create({ data: { id: newId("pwr"), accountId: account.id, tokenHash: hashOf(token), expiresAt, createdAt: now } });
    // Who made a way in to the account, and when; never the link.
    await recordAudit(tx, account.id, { action: "account.password_reset_requested", target: { type: "account", id: account.id, label: account.email }, details: { expiresAt: expiresAt.toISOString() } });
  });
  return { link: `${config().appUrl}${resetPath(token)}`, email: account.email, expiresAt };
}

/**
 * The form's request: counted, then answered at once; the link is made and e-mailed afterwards,
 * only if an account uses the address. Without SMTP there is no e-mail to send (the page says so).
 */
export async function requestPasswordReset(db: Db, input: z.infer<typeof RequestPasswordResetInput>, clientIp: string | null, now = new Date()): Promise<{ accepted: true }> {
  if (!mailConfigured()) throw new HopError("invalid_request", { status: 409, message: "Password reset by e-mail is not set up on this server. Ask its operator for a reset link." });
  const client = await limiter("reset-client", RESET_LIMITS.perClient, RESET_LIMITS.windowMs).take(limitKeyForIp(clientIp));
  if (!client.allowed) throw tooMany(client.msBeforeNext);
  const byEmail = await limiter("reset-email", RESET_LIMITS.perEmail, RESET_LIMITS.windowMs).take(hashOf(input.email).slice(0, 32));
  if (!byEmail.allowed) throw tooMany(byEmail.msBeforeNext);
  void mailResetLink(db, input.email, now).catch((error: unknown) => log.warn("password reset not sent", { error: String(error) }));
  return { accepted: true };
}

async function mailResetLink(db: Db, email: string, now: Date): Promise<void> {
  const made = await createResetLink(db, email, now);
  if (!made) return;
  await sendMail({
    to: made.email,
    subject: "Reset your Hop password",
    text: [
      "Someone (hopefully you) asked to reset the password of your Hop account.",
      "",
      `Choose a new password: ${made.link}`,
      "",
      `The link works once and expires on ${made.expiresAt.toUTCString()}. Setting a new password signs you out everywhere.`,
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  });
}

/** Whether `token` is a live link (the page shows the form, or says it is not valid), without using it. */
export async function resetLinkIsLive(db: Db, token: string, now = new Date()): Promise<boolean> {
  if (!ResetToken.safeParse(token).success) return false;
  return (await db.passwordReset.count({ where: { tokenHash: hashOf(token), expiresAt: { gt: now } } })) > 0;
}

/** Sets the new password once per link; every link of the account goes and every session ends. */
export async function resetPassword(db: Db, input: z.infer<typeof ResetPasswordInput>, now = new Date()): Promise<{ email: string }> {
  if (!ResetToken.safeParse(input.token).success) throw notValid();
  const tokenHash = hashOf(input.token);
  // A made-up link costs one indexed read, never a bcrypt hash.
  if (!(await db.passwordReset.count({ where: { tokenHash, expiresAt: { gt: now } } }))) throw notValid();
  const passwordHash = await hashPassword(input.password);
  return db.$transaction(async (tx) => {
    const reset = await tx.passwordReset.findUnique({ where: { tokenHash }, select: { accountId: true, expiresAt: true } });
    if (!reset || reset.expiresAt <= now) throw notValid();
    // Claimed by deleting: of two requests with the same link, only the one that deletes it goes on.
    const claimed = await tx.passwordReset.deleteMany({ where: { tokenHash } });
    if (claimed.count === 0) throw notValid();
    await tx.passwordReset.deleteMany({ where: { accountId: reset.accountId } });
    const account = await tx.account.update({ where: { id: reset.accountId }, data: { passwordHash, sessionVersion: { increment: 1 } }, select: { email: true } });
    await recordAudit(tx, reset.accountId, { action: "account.password_reset", target: { type: "account", id: reset.accountId, label: account.email } });
    return { email: account.email };
  });
}

