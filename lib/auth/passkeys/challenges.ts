import { createHash } from "node:crypto";
import type { Db } from "../../db/open";

// WebAuthn challenges are kept server-side (decision 052): a row per challenge handed out, keyed by
// its SHA-256, deleted by the first answer that names it — right or wrong — so each is good once,
// and refused after CHALLENGE_TTL_MS. The browser carries nothing extra: the challenge comes back
// inside the signed clientDataJSON.

export const CHALLENGE_TTL_MS = 5 * 60_000;
export type ChallengePurpose = "register" | "sign-in" | "second-factor";

function hashOf(challenge: string): string {
  return createHash("sha256").update(challenge).digest("hex");
}

export async function storeChallenge(db: Db, challenge: string, purpose: ChallengePurpose, accountId: string | null, now = new Date()): Promise<void> {
  // Expired ones leave with each new one: the table holds only the last few minutes' challenges.
  await db.passkeyChallenge.deleteMany({ where: { expiresAt: { lt: now } } });
  await db.passkeyChallenge.create({ data: { challengeHash: hashOf(challenge), purpose, accountId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) } });
}

export interface ClaimedChallenge {
  purpose: ChallengePurpose;
  accountId: string | null;
}

/** Uses the challenge up: its purpose and account when it was handed out, unused and unexpired; else null. */
export async function claimChallenge(db: Db, challenge: string, now = new Date()): Promise<ClaimedChallenge | null> {
  const challengeHash = hashOf(challenge);
  const row = await db.passkeyChallenge.findUnique({ where: { challengeHash } });
  if (!row) return null;
  // Of two answers naming the same challenge, only the one whose delete removed the row goes on.
  const { count } = await db.passkeyChallenge.deleteMany({ where: { challengeHash } });
  if (count !== 1 || row.expiresAt <= now) return null;
  return { purpose: row.purpose as ChallengePurpose, accountId: row.accountId };
}

/** The challenge a browser's clientDataJSON (base64url JSON) answers, or null when it is not that. */
export function challengeOfClientData(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    return typeof data.challenge === "string" && data.challenge.length > 0 && data.challenge.length <= 512 ? data.challenge : null;
  } catch {
    return null;
  }
}
