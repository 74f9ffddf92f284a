import { announce } from "../cache/invalidation";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { newId } from "../ids";
import { displayPrefix, generateKey, hashKey } from "./key-format";
import { checkRestrictions } from "./restrictions";
import { scopesOf, type Preset, type Scope } from "./scopes";
import { recordAudit } from "../audit/record-audit";

export const MAX_ACTIVE_KEYS = 10;

export interface NewKey {
  name: string;
  /** A preset (a role), `custom` with `scopes`, or null for a legacy (pre-roles) key. */
  role: Preset | "custom" | null;
  scopes?: Scope[];
  groupIds?: string[];
  domains?: string[];
  expiresAt?: Date | null;
}

/** Creates a key and returns it once; only its SHA-256 is stored. */
export async function createKey(db: Db, accountId: string, input: NewKey) {
  if (input.role === "custom" && !input.scopes?.length) throw new HopError("invalid_request", { field: "scopes", message: "Give a key at least one scope." });
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) throw new HopError("invalid_request", { field: "expiresAt", message: "The expiry must be in the future." });
  const restrictions = await checkRestrictions(db, accountId, input);
  const key = generateKey();
  const row = await db.$transaction(async (tx) => {
    const active = await tx.apiKey.count({ where: { accountId, revokedAt: null } });
    if (active >= MAX_ACTIVE_KEYS) {
      throw new HopError("quota_exceeded", {
        message: `An account may have at most ${MAX_ACTIVE_KEYS} active API keys.`,
        extras: { maxKeys: MAX_ACTIVE_KEYS },
      });
    }
    const made = await tx.apiKey.create({
      data: {
        id: newId("key"),
        accountId,
        name: input.name,
        keyHash: hashKey(key),
        prefix: displayPrefix(key),
        role: input.role,
        scopes: input.role === "custom" ? input.scopes : [],
        groupIds: restrictions.groupIds as string[],
        domains: restrictions.domains as string[],
        expiresAt: input.expiresAt ?? null,
      },
    });
    await recordAudit(tx, accountId, {
      action: "key.created",
      target: { type: "key", id: made.id, label: `${made.name} (${made.prefix}…)` },
      changes: { name: made.name, role: made.role ?? "legacy", scopes: scopesOf(made), groupIds: made.groupIds, domains: made.domains, expiresAt: made.expiresAt },
    });
    return made;
  });
  await announce({ kind: "key-created", keyHash: row.keyHash });
  return {
    id: row.id,
    key,
    prefix: row.prefix,
    role: row.role ?? "legacy",
    name: row.name,
    scopes: scopesOf(row),
    groupIds: row.groupIds,
    domains: row.domains,
    expiresAt: row.expiresAt,
  };
}

/** What creating a key answers: the only time the key itself is shown. */
export type CreatedKey = Awaited<ReturnType<typeof createKey>>;
