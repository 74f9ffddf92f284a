import { onInvalidate } from "../cache/invalidation";
import type { Db } from "../db/open";
import { shared } from "../shared";
import { unsafeFindKeyByHash, type AuthenticatedKey } from "./find-key";
import { isRememberedUnknown, rememberUnknown, unknownKeysGeneration } from "./unknown-keys";

// The wrapper authenticates every request; a database round trip per request costs more than the
// rest of the wrapper together. Known keys are kept in process and dropped whenever their
// account announces a change (revocation, plan, limits) — in process, and from other instances
// or the offline CLI through the Redis relay of lib/cache/invalidation. Unknown and revoked keys
// are remembered briefly by lib/keys/unknown-keys, which forgets one as soon as it is created.

const MAX_ENTRIES = 10_000;

interface AuthCache {
  byHash: Map<string, AuthenticatedKey>;
}

function cache(): AuthCache {
  return shared("authCache", () => {
    const c: AuthCache = { byHash: new Map() };
    onInvalidate((event) => {
      if (event.kind !== "account") return;
      for (const [hash, key] of c.byHash) if (key.account.id === event.accountId) c.byHash.delete(hash);
    });
    return c;
  });
}

export async function findKeyForRequest(db: Db, keyHash: string): Promise<AuthenticatedKey | null> {
  const c = cache();
  const hit = c.byHash.get(keyHash);
  if (hit) return hit;
  if (isRememberedUnknown(keyHash)) return null;
  const generation = unknownKeysGeneration();
  const key = await unsafeFindKeyByHash(db, keyHash);
  if (!key || key.revokedAt) {
    rememberUnknown(keyHash, generation);
    return key;
  }
  if (c.byHash.size >= MAX_ENTRIES) c.byHash.delete(c.byHash.keys().next().value!);
  c.byHash.set(keyHash, key);
  return key;
}
