import { generateRegistrationOptions, verifyRegistrationResponse, type AuthenticationExtensionsClientOutputs } from "@simplewebauthn/server";
import { z } from "zod";
import { recordAudit } from "../audit/record-audit";
import { CHALLENGE_TTL_MS, challengeOfClientData, claimChallenge, storeChallenge } from "../auth/passkeys/challenges";
import { relyingParty, RP_NAME } from "../auth/passkeys/relying-party";
import { RegistrationResponse } from "../auth/passkeys/responses";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { newId } from "../ids";
import { deviceOf } from "./account-sessions";

// The account page's passkeys (docs/decisions/052-passkeys.md): registration options → the
// browser's authenticator → the answer verified here and stored; rename; remove. Every query names
// the signed-in account, so another account's passkey is not found. Sign-in with them is
// lib/accounts/passkey-sign-in.ts.

export const MAX_PASSKEYS = 20;

export const PasskeyName = z.string().trim().min(1, "Give the passkey a name.").max(60, "Use at most 60 characters.");
export const AddPasskeyInput = z.object({ response: RegistrationResponse, name: PasskeyName.optional() });
export const RenamePasskeyInput = z.object({ name: PasskeyName });

export interface ListedPasskey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** How the browser reached the authenticator when it was added (internal, hybrid, usb …). */
  transports: string[];
}

const LISTED = { id: true, name: true, createdAt: true, lastUsedAt: true, transports: true } as const;

function listed(row: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null; transports: string[] }): ListedPasskey {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null, transports: row.transports };
}

export async function listPasskeys(db: Db, accountId: string): Promise<ListedPasskey[]> {
  const rows = await db.passkey.findMany({ where: { accountId }, orderBy: { createdAt: "asc" }, select: LISTED });
  return rows.map(listed);
}

/** The user handle a passkey of this account carries: the account id's bytes. */
export function userHandleOf(accountId: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(accountId);
}

/** What the browser passes to navigator.credentials.create(): a discoverable credential, the user verified. */
export async function passkeyRegistrationOptions(db: Db, account: { id: string; email: string; name: string | null }) {
  const existing = await db.passkey.findMany({ where: { accountId: account.id }, select: { credentialId: true, transports: true } });
  if (existing.length >= MAX_PASSKEYS) throw new HopError("invalid_request", { status: 409, message: `An account can have at most ${MAX_PASSKEYS} passkeys. Remove one first.` });
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty().id,
    userName: account.email,
    userID: userHandleOf(account.id),
    userDisplayName: account.name ?? account.email,
    timeout: CHALLENGE_TTL_MS,
    attestationType: "none",
    // The same authenticator twice would be two rows for one key.
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
  });
  await storeChallenge(db, options.challenge, "register", account.id);
  return options;
}

const EXPIRED = "The passkey request ran out or was already used. Add the passkey again.";

/** Verifies the browser's answer to this account's registration options and stores the passkey. */
export async function addPasskey(db: Db, accountId: string, input: z.infer<typeof AddPasskeyInput>, userAgent: string | null): Promise<ListedPasskey> {
  const { response } = input;
  const challenge = challengeOfClientData(response.response.clientDataJSON);
  const claimed = challenge ? await claimChallenge(db, challenge) : null;
  if (!challenge || !claimed || claimed.purpose !== "register" || claimed.accountId !== accountId) {
    throw new HopError("invalid_request", { field: "response", message: EXPIRED });
  }
  const rp = relyingParty();
  const refused = new HopError("invalid_request", { field: "response", message: "The passkey could not be verified. Try again, or use another device." });
  const verification = await verifyRegistrationResponse({
    response: { ...response, clientExtensionResults: (response.clientExtensionResults ?? {}) as AuthenticationExtensionsClientOutputs },
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw refused;
  const { credential } = verification.registrationInfo;
  const name = input.name ?? `Passkey on ${deviceOf(userAgent)}`.slice(0, 60);
  return db.$transaction(async (tx) => {
    if ((await tx.passkey.count({ where: { accountId } })) >= MAX_PASSKEYS) throw new HopError("invalid_request", { status: 409, message: `An account can have at most ${MAX_PASSKEYS} passkeys. Remove one first.` });
    if (await tx.passkey.findUnique({ where: { credentialId: credential.id }, select: { id: true } })) {
      throw new HopError("invalid_request", { status: 409, field: "response", message: "This passkey is already added." });
    }
    const row = await tx.passkey.create({
      data: {
        id: newId("pk"),
        accountId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: BigInt(credential.counter),
        transports: response.response.transports ?? [],
        name,
      },
      select: LISTED,
    });
    await recordAudit(tx, accountId, { action: "account.passkey_added", target: { type: "passkey", id: row.id, label: row.name } });
    return listed(row);
  });
}

function notFound(): HopError {
  return new HopError("not_found", { message: "There is no such passkey on this account." });
}

export async function renamePasskey(db: Db, accountId: string, id: string, input: z.infer<typeof RenamePasskeyInput>): Promise<ListedPasskey> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.passkey.updateMany({ where: { id, accountId }, data: { name: input.name } });
    if (count !== 1) throw notFound();
    await recordAudit(tx, accountId, { action: "account.passkey_renamed", target: { type: "passkey", id, label: input.name }, changes: { name: input.name } });
    return listed(await tx.passkey.findUniqueOrThrow({ where: { id }, select: LISTED }));
  });
}

export async function removePasskey(db: Db, accountId: string, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const row = await tx.passkey.findFirst({ where: { id, accountId }, select: { name: true } });
    const { count } = await tx.passkey.deleteMany({ where: { id, accountId } });
    if (!row || count !== 1) throw notFound();
    await recordAudit(tx, accountId, { action: "account.passkey_removed", target: { type: "passkey", id, label: row.name } });
  });
}
