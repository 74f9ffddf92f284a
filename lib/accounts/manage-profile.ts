import { checkPassword, hashPassword } from "../auth/password-hash";
import { z } from "zod";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { isUniqueViolation } from "../db/errors";
import { takeSignInAttempt } from "../auth/signin-throttle";
import { countOf } from "../text/plural";
import { recordAudit } from "../audit/record-audit";
import { mailConfigured } from "../mail/send-mail";
import { createConfirmationLink, mailLater } from "./email-confirmation";

// Changing the e-mail (the sign-in name) or the password needs the current password, and wrong
// guesses of it spend the same budget as wrong sign-ins of the account's e-mail (10 per 15
// minutes, lib/auth/signin-throttle.ts): a stolen session gets no faster door to the password.
// With SMTP a new e-mail is confirmed at the new address first (lib/accounts/email-confirmation.ts):
// the account keeps the old one until the link is opened.

export const UpdateProfileInput = z.object({
  name: z.string().trim().min(1, "Enter your name.").max(100, "Use at most 100 characters."),
  email: z.string().trim().toLowerCase().max(320, "Use at most 320 characters.").pipe(z.email("Enter a valid e-mail address.")),
  /** Needed only when the e-mail changes. */
  currentPassword: z.string().max(200).optional(),
});

export const ChangePasswordInput = z.object({
  currentPassword: z.string().min(1, "Enter your current password.").max(200),
  newPassword: z.string().min(8, "Use at least 8 characters.").max(200, "Use at most 200 characters."),
});

/** The current password of the account, or a refusal: 400 when wrong, 429 (with retryAfter) when too many were. */
async function checkCurrentPassword(db: Db, accountId: string, password: string | undefined, clientIp: string): Promise<void> {
  if (!password) throw new HopError("invalid_request", { message: "Enter your current password.", field: "currentPassword" });
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { email: true, passwordHash: true } });
  const decision = await takeSignInAttempt(account.email, clientIp);
  if (!decision.allowed) {
    const minutes = Math.ceil(decision.retryAfterSeconds / 60);
    throw new HopError("too_many_attempts", {
      message: `Too many wrong passwords. Try again in ${countOf(minutes, "minute")}.`,
      field: "currentPassword",
      extras: { retryAfter: decision.retryAfterSeconds },
    });
  }
  if (!account.passwordHash || !(await checkPassword(password, account.passwordHash))) {
    throw new HopError("invalid_request", { message: "The current password is not correct.", field: "currentPassword" });
  }
  await decision.release();
}

export async function updateProfile(db: Db, accountId: string, input: z.infer<typeof UpdateProfileInput>, clientIp: string) {
  const current = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { email: true, name: true } });
  const emailChanges = input.email !== current.email;
  if (emailChanges) await checkCurrentPassword(db, accountId, input.currentPassword, clientIp);
  if (emailChanges && mailConfigured()) return requestEmailChange(db, accountId, current, input);
  const changed = { ...(input.name !== current.name ? { name: input.name } : {}), ...(emailChanges ? { email: input.email } : {}) };
  try {
    const account = await db.$transaction(async (tx) => {
      const updated = await tx.account.update({ where: { id: accountId }, data: { name: input.name, email: input.email } });
      if (Object.keys(changed).length) await recordAudit(tx, accountId, { action: "account.profile_updated", target: { type: "account", id: accountId, label: updated.email }, changes: changed });
      return updated;
    });
    return { id: account.id, name: account.name, email: account.email, pendingEmail: null };
  } catch (error) {
    if (isUniqueViolation(error)) throw anotherAccountUsesIt();
    throw error;
  }
}

const anotherAccountUsesIt = () => new HopError("invalid_request", { message: "Another account uses this e-mail.", field: "email", status: 409 });

/** The name changes now; the e-mail once the link sent to the new address is opened (one audit entry). */
async function requestEmailChange(db: Db, accountId: string, current: { email: string; name: string | null }, input: z.infer<typeof UpdateProfileInput>) {
  if (await db.account.count({ where: { email: input.email } })) throw anotherAccountUsesIt();
  const { account, made } = await db.$transaction(async (tx) => {
    const account = await tx.account.update({ where: { id: accountId }, data: { name: input.name } });
    const made = await createConfirmationLink(tx, accountId, input.email);
    const changes = input.name !== current.name ? { name: input.name } : {};
    await recordAudit(tx, accountId, { action: "account.email_change_requested", target: { type: "account", id: accountId, label: current.email }, changes, details: { email: input.email, expiresAt: made.expiresAt.toISOString() } });
    return { account, made };
  });
  mailLater(made, true);
  return { id: account.id, name: account.name, email: account.email, pendingEmail: input.email };
}

/** Checks the current password, stores the new one and ends every session (the caller re-issues its own). */
export async function changePassword(db: Db, accountId: string, input: z.infer<typeof ChangePasswordInput>, clientIp: string) {
  await checkCurrentPassword(db, accountId, input.currentPassword, clientIp);
  const passwordHash = await hashPassword(input.newPassword);
  return db.$transaction(async (tx) => {
    const updated = await tx.account.update({
      where: { id: accountId },
      data: { passwordHash, sessionVersion: { increment: 1 } },
      select: { id: true, email: true, name: true, sessionVersion: true },
    });
    // That it changed, never what to.
    await recordAudit(tx, accountId, { action: "account.password_changed", target: { type: "account", id: accountId, label: updated.email } });
    return updated;
  });
}

/** "Sign out everywhere": every session token of the account stops being accepted. */
export async function endAllSessions(db: Db, accountId: string) {
  await db.$transaction(async (tx) => {
    await tx.account.update({ where: { id: accountId }, data: { sessionVersion: { increment: 1 } } });
    await recordAudit(tx, accountId, { action: "account.sessions_ended", target: { type: "account", id: accountId } });
  });
}
