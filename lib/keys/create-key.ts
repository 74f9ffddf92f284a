import { announce } from "../cache/invalidation";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { newId } from "../ids";
import { displayPrefix, generateKey, hashKey, type KeyRole } from "./key-format";

export const MAX_ACTIVE_KEYS = 10;

/** Creates a key and returns it once; only its SHA-256 is stored. `role` null makes a legacy (pre-roles) key. */
export async function createKey(db: Db, accountId: string, input: { name: string; role: KeyRole | null }) {
  const key = generateKey();
  const row = await db.$transaction(async (tx) => {
    const active = await tx.apiKey.count({ where: { accountId, revokedAt: null } });
    if (active >= MAX_ACTIVE_KEYS) {
      throw new HopError("quota_exceeded", {
        message: `An account may have at most ${MAX_ACTIVE_KEYS} active API keys.`,
        extras: { maxKeys: MAX_ACTIVE_KEYS },
      });
    }
    return tx.apiKey.create({
      data: { id: newId("key"), accountId, name: input.name, keyHash: hashKey(key), prefix: displayPrefix(key), role: input.role },
    });
  });
  await announce({ kind: "key-created", keyHash: row.keyHash });
  return { id: row.id, key, prefix: row.prefix, role: row.role ?? "legacy", name: row.name };
}

/** What creating a key answers: the only time the key itself is shown. */
export type CreatedKey = Awaited<ReturnType<typeof createKey>>;
