import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationExtensionsClientOutputs } from "@simplewebauthn/server";
import { z } from "zod";
import { CHALLENGE_TTL_MS, challengeOfClientData, claimChallenge, storeChallenge } from "../auth/passkeys/challenges";
import { relyingParty } from "../auth/passkeys/relying-party";
import { AuthenticationResponse } from "../auth/passkeys/responses";
import { takeSignInAttempt, type ThrottleDecision } from "../auth/signin-throttle";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { limiter, retryAfterSeconds } from "../limits/limiter";
import { limitKeyForIp } from "../net/client-ip";
import { countOf } from "../text/plural";
import { verifyCredentials, type SignedInAccount } from "./credentials";
import { userHandleOf } from "./passkeys";

// Signing in with a passkey (docs/decisions/052-passkeys.md), two ways:
//   alone: options with no allowed credentials (the authenticator offers the account's
//     discoverable credential), the user verified (PIN, fingerprint): a passkey is two factors;
//   as the second step of a password sign-in with two-factor on: the password proven first, then
//     options listing that account's passkeys, bound to it.
// Both end in verifyPasskeySignIn; its caller issues the same session cookie a password sign-in
// gets. Failures spend the same budgets as wrong passwords (lib/auth/signin-throttle.ts).

/** Options handed out per address in the sign-in window: each is a row, and nobody is signed in to ask. */
const OPTIONS_PER_IP = 200;
const OPTIONS_WINDOW_MS = 15 * 60_000;

export const PasskeySignInOptionsInput = z.strictObject({});
export const PasskeySecondFactorInput = z.strictObject({
  email: z.string().trim().toLowerCase().min(1, "Enter your e-mail.").max(320),
  password: z.string().min(1, "Enter your password.").max(200),
});
export const PasskeySignInInput = z.strictObject({ response: AuthenticationResponse });

function tooMany(retryAfter: number, what: string): HopError {
  return new HopError("too_many_attempts", { message: `Too many ${what}. Try again in ${countOf(Math.ceil(retryAfter / 60), "minute")}.`, extras: { retryAfter } });
}

async function takeOptionsPoint(clientIp: string): Promise<void> {
  const taken = await limiter("passkey-options-ip", OPTIONS_PER_IP, OPTIONS_WINDOW_MS).take(limitKeyForIp(clientIp));
  if (!taken.allowed) throw tooMany(retryAfterSeconds(taken.msBeforeNext), "passkey sign-in requests");
}

/** Options for signing in with a passkey alone. */
export async function passkeySignInOptions(db: Db, clientIp: string) {
  await takeOptionsPoint(clientIp);
  const options = await generateAuthenticationOptions({ rpID: relyingParty().id, userVerification: "required", timeout: CHALLENGE_TTL_MS });
  await storeChallenge(db, options.challenge, "sign-in", null);
  return options;
}

async function throttle(key: string, clientIp: string): Promise<Extract<ThrottleDecision, { allowed: true }>> {
  const decision = await takeSignInAttempt(key, clientIp);
  if (!decision.allowed) throw tooMany(decision.retryAfterSeconds, "sign-in attempts");
  return decision;
}

/**
 * The second step of a password sign-in done with a passkey: the password is checked (a wrong one
 * counts as a failed sign-in), then options listing the account's passkeys, bound to it.
 */
export async function passkeySecondFactorOptions(db: Db, input: z.infer<typeof PasskeySecondFactorInput>, clientIp: string) {
  await takeOptionsPoint(clientIp);
  const decision = await throttle(input.email, clientIp);
  const account = await verifyCredentials(db, input.email, input.password);
  if (!account) throw new HopError("invalid_request", { message: "The e-mail or password is not correct." });
  await decision.release();
  const passkeys = await db.passkey.findMany({ where: { accountId: account.id }, select: { credentialId: true, transports: true } });
  if (passkeys.length === 0) throw new HopError("invalid_request", { status: 409, message: "This account has no passkey. Enter a code from your authenticator app." });
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().id,
    userVerification: "required",
    timeout: CHALLENGE_TTL_MS,
    allowCredentials: passkeys.map((row) => ({ id: row.credentialId, transports: row.transports })),
  });
  await storeChallenge(db, options.challenge, "second-factor", account.id);
  return options;
}

const REFUSED = "This passkey could not sign you in. Try again, or sign in with your password.";

/**
 * The account the browser's answer proves, after the challenge is used up and the signature, the
 * origin, the relying party and user verification are checked. Found by the credential id across
 * accounts (whoever holds the key is who signs in), so every refusal reads the same.
 */
export async function verifyPasskeySignIn(db: Db, input: z.infer<typeof PasskeySignInInput>, clientIp: string): Promise<SignedInAccount> {
  const { response } = input;
  const passkey = await db.passkey.findUnique({
    where: { credentialId: response.id },
    select: { id: true, accountId: true, credentialId: true, publicKey: true, counter: true, transports: true, account: { select: { id: true, email: true, name: true, sessionVersion: true } } },
  });
  // A known passkey spends its account's budget, as a wrong password does; an unknown one a budget of its own.
  const decision = await throttle(passkey?.account.email ?? `passkey:${response.id}`, clientIp);
  const refused = new HopError("invalid_request", { field: "response", message: REFUSED });
  const challenge = challengeOfClientData(response.response.clientDataJSON);
  const claimed = challenge ? await claimChallenge(db, challenge) : null;
  if (!challenge || !claimed || !passkey) throw refused;
  if (claimed.purpose === "register") throw refused;
  // A second step's challenge was handed out to whoever proved this account's password: only its passkeys answer it.
  if (claimed.purpose === "second-factor" && claimed.accountId !== passkey.accountId) throw refused;
  if (response.response.userHandle && response.response.userHandle !== Buffer.from(userHandleOf(passkey.accountId)).toString("base64url")) throw refused;
  const rp = relyingParty();
  const verification = await verifyAuthenticationResponse({
    response: { ...response, clientExtensionResults: (response.clientExtensionResults ?? {}) as AuthenticationExtensionsClientOutputs },
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: Number(passkey.counter), transports: passkey.transports },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw refused;
  // The counter moves only forward, once per answer: of two copies of one answer, one signs in.
  const { count } = await db.passkey.updateMany({
    where: { id: passkey.id, counter: passkey.counter },
    data: { counter: BigInt(verification.authenticationInfo.newCounter), lastUsedAt: new Date() },
  });
  if (count !== 1) throw refused;
  await decision.release();
  return passkey.account;
}
