import { createHash, randomBytes } from "node:crypto";
import { recordAudit } from "../audit/record-audit";
import { z } from "zod";
import { seal, unseal } from "../auth/secret-box";
import { takeSignInAttempt } from "../auth/signin-throttle";
import { matchingTotpStep, newTotpSecret, otpauthUri } from "../auth/totp";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { newId } from "../ids";
import { qrSvg } from "../qr/qr-svg";
import { countOf } from "../text/plural";

// Two-factor codes (docs/decisions/036-two-factor-codes.md). Set-up stores a sealed pending secret
// and turns on only when the first code from it is entered; that also makes ten one-time recovery
// codes (shown once, stored as SHA-256). Once on, every password sign-in needs a code (lib/auth/
// options.ts) and turning it off needs one too. Wrong codes spend the account's sign-in budget.

const SEAL_PURPOSE = "totp";
export const RECOVERY_CODE_COUNT = 10;

export const SecondFactorInput = z.object({
  code: z.string().trim().min(1, "Enter a code from your authenticator app or a recovery code.").max(40, "Use at most 40 characters."),
});

/** Spaces and dashes are how codes are shown and typed; they are no part of the code. */
function normalise(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(normalise(code)).digest("hex");
}

/** `abcde-fghij`: 50 random bits from the base32 alphabet, lower case. */
function newRecoveryCode(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b & 31]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export async function twoFactorStatus(db: Db, accountId: string) {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { totpSecret: true, _count: { select: { recoveryCodes: true } } } });
  return { enabled: account.totpSecret !== null, recoveryCodesLeft: account._count.recoveryCodes };
}

/** A new secret to scan: stored sealed as pending (replacing an earlier unfinished set-up). */
export async function startTwoFactorSetup(db: Db, accountId: string, issuer: string) {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { email: true, totpSecret: true } });
  if (account.totpSecret) throw new HopError("invalid_request", { status: 409, message: "Two-factor sign-in is already on. Turn it off first to move it to another app." });
  const secret = newTotpSecret();
  await db.$transaction(async (tx) => {
    await tx.account.update({ where: { id: accountId }, data: { totpPendingSecret: seal(secret, SEAL_PURPOSE) } });
    await recordAudit(tx, accountId, { action: "account.two_factor_setup_started", target: { type: "account", id: accountId } });
  });
  const uri = otpauthUri(secret, issuer, account.email);
  return { secret, uri, qrSvg: qrSvg(uri, { ecc: "M" }) };
}

/** One code or recovery code of the account's budget: a wrong one stays counted, a right one is given back. */
async function throttled<T>(email: string, clientIp: string, check: () => Promise<T | null>): Promise<T> {
  const decision = await takeSignInAttempt(email, clientIp);
  if (!decision.allowed) {
    const minutes = Math.ceil(decision.retryAfterSeconds / 60);
    throw new HopError("too_many_attempts", {
      message: `Too many wrong codes. Try again in ${countOf(minutes, "minute")}.`,
      field: "code",
      extras: { retryAfter: decision.retryAfterSeconds },
    });
  }
  const result = await check();
  if (result === null) throw new HopError("invalid_request", { field: "code", message: "The code is not correct. Check the app's current code, or use a recovery code." });
  await decision.release();
  return result;
}

/** Claims a time step once: a code already used (or an older one) is refused. */
async function claimStep(db: Db, accountId: string, step: number): Promise<boolean> {
  const { count } = await db.account.updateMany({ where: { id: accountId, totpLastStep: { lt: step } }, data: { totpLastStep: step } });
  return count === 1;
}

/** Turns two-factor sign-in on with the pending secret's first code; answers the recovery codes, once. */
export async function enableTwoFactor(db: Db, accountId: string, input: z.infer<typeof SecondFactorInput>, clientIp: string) {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { email: true, totpSecret: true, totpPendingSecret: true } });
  if (account.totpSecret) throw new HopError("invalid_request", { status: 409, message: "Two-factor sign-in is already on." });
  const secret = account.totpPendingSecret ? unseal(account.totpPendingSecret, SEAL_PURPOSE) : null;
  if (!secret) throw new HopError("invalid_request", { status: 409, message: "Start the set-up again: scan a new QR code." });
  const step = await throttled(account.email, clientIp, async () => matchingTotpStep(secret, normalise(input.code)));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const updated = await db.$transaction(async (tx) => {
    // Only the set-up that was checked, and only once: of two parallel tries one turns it on, the
    // other is refused (its recovery codes would otherwise replace the first one's, shown in vain).
    const { count } = await tx.account.updateMany({
      where: { id: accountId, totpSecret: null, totpPendingSecret: account.totpPendingSecret },
      // Every other session ends: they were signed in with the password alone.
      data: { totpSecret: account.totpPendingSecret, totpPendingSecret: null, totpLastStep: step, sessionVersion: { increment: 1 } },
    });
    if (count !== 1) throw new HopError("invalid_request", { status: 409, message: "Two-factor sign-in was just turned on elsewhere." });
    await tx.recoveryCode.deleteMany({ where: { accountId } });
    await tx.recoveryCode.createMany({ data: codes.map((code) => ({ id: newId("rc"), accountId, codeHash: hashRecoveryCode(code) })) });
    await recordAudit(tx, accountId, { action: "account.two_factor_enabled", target: { type: "account", id: accountId } });
    return tx.account.findUniqueOrThrow({ where: { id: accountId }, select: { id: true, email: true, name: true, sessionVersion: true } });
  });
  return { recoveryCodes: codes, account: updated };
}

/** True when `code` is the account's current TOTP code (not used before) or one of its unused recovery codes, which it then uses up. */
async function useSecondFactor(db: Db, accountId: string, sealedSecret: string, code: string): Promise<boolean> {
  const plain = normalise(code);
  if (/^\d{6}$/.test(plain)) {
    const secret = unseal(sealedSecret, SEAL_PURPOSE);
    const step = secret ? matchingTotpStep(secret, plain) : null;
    return step !== null && (await claimStep(db, accountId, step));
  }
  const { count } = await db.recoveryCode.deleteMany({ where: { accountId, codeHash: hashRecoveryCode(plain) } });
  return count === 1;
}

/** Turns two-factor sign-in off: only with a current code or a recovery code. */
export async function disableTwoFactor(db: Db, accountId: string, input: z.infer<typeof SecondFactorInput>, clientIp: string) {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { email: true, totpSecret: true } });
  const sealed = account.totpSecret;
  if (!sealed) throw new HopError("invalid_request", { status: 409, message: "Two-factor sign-in is not on." });
  await throttled(account.email, clientIp, async () => ((await useSecondFactor(db, accountId, sealed, input.code)) ? true : null));
  await db.$transaction(async (tx) => {
    await tx.recoveryCode.deleteMany({ where: { accountId } });
    await tx.account.update({ where: { id: accountId }, data: { totpSecret: null, totpPendingSecret: null } });
    await recordAudit(tx, accountId, { action: "account.two_factor_disabled", target: { type: "account", id: accountId } });
  });
  return { enabled: false };
}

export type SignInSecondFactor = "not-needed" | "passed" | "required" | "wrong";

/**
 * The second step of a password sign-in (the password is already proven): no code needed, the
 * code given is right, none was given, or it is wrong. The caller's throttle counts the wrong ones.
 */
export async function checkSignInSecondFactor(db: Db, accountId: string, code: string | undefined): Promise<SignInSecondFactor> {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { totpSecret: true } });
  if (!account.totpSecret) return "not-needed";
  if (!code) return "required";
  return (await useSecondFactor(db, accountId, account.totpSecret, code)) ? "passed" : "wrong";
}

/** The operator's reset (CLI `account reset-2fa`) for someone who lost the app and the recovery codes. */
export async function resetTwoFactorAcrossAccounts(db: Db, accountId: string) {
  const [removed, account] = await db.$transaction(async (tx) => {
    const codes = await tx.recoveryCode.deleteMany({ where: { accountId } });
    const updated = await tx.account.update({ where: { id: accountId }, data: { totpSecret: null, totpPendingSecret: null }, select: { email: true } });
    await recordAudit(tx, accountId, { action: "account.two_factor_reset", target: { type: "account", id: accountId } });
    return [codes, updated] as const;
  });
  return { email: account.email, twoFactor: "off", recoveryCodesRemoved: removed.count };
}
