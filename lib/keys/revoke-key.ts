import type { Db } from "../db/open";
import { announce } from "../cache/invalidation";
import { HopError } from "../errors";
import { recordAudit } from "../audit/record-audit";

/**
 * Revocation is immediate and permanent: the announcement drops the account's cached keys
 * (lib/keys/auth-cache.ts) here and, through the Redis relay, in every other instance.
 */
export async function revokeKey(db: Db, accountId: string, keyId: string) {
  await db.$transaction(async (tx) => {
    const result = await tx.apiKey.updateMany({ where: { id: keyId, accountId, revokedAt: null }, data: { revokedAt: new Date() } });
    if (result.count === 0) throw new HopError("not_found", { message: "No active key with this id in the account." });
    const key = await tx.apiKey.findUniqueOrThrow({ where: { id: keyId }, select: { name: true, prefix: true } });
    await recordAudit(tx, accountId, { action: "key.revoked", target: { type: "key", id: keyId, label: `${key.name} (${key.prefix}…)` } });
  });
  await announce({ kind: "account", accountId });
  return { id: keyId, revoked: true };
}

/** Operators revoke by key id alone (CLI); not scoped to an account, hence the name. */
export async function revokeKeyByIdAcrossAccounts(db: Db, keyId: string) {
  const key = await db.apiKey.findUnique({ where: { id: keyId }, select: { accountId: true } });
  if (!key) throw new HopError("not_found", { message: `No key with id ${keyId}.` });
  return revokeKey(db, key.accountId, keyId);
}
