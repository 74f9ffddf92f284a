import { LRUCache } from "lru-cache";
import { Generations } from "../cache/generations";
import { onInvalidate, type Invalidation } from "../cache/invalidation";
import { MAX_API_KEYS, TTL_MS } from "../cache/limits";
import type { Db } from "../db/open";
import { shared } from "../shared";
import { findKeyByHashAcrossAccounts, type AuthenticatedKey } from "./find-key";
import { isRememberedUnknown, rememberUnknown, unknownKeysGeneration } from "./unknown-keys";

// The wrapper authenticates every request; a database round trip per request costs more than the
// rest of the wrapper together. Known keys are kept in process and dropped whenever their
// account announces a change (revocation, plan, limits) — in process, and from other instances
// or the offline CLI through the Redis relay of lib/cache/invalidation. A read that began before
// such an announcement is not kept (its account's generation moved on, lib/cache/generations),
// and every entry expires after TTL_MS.apiKey in case an announcement was lost. Unknown and
// revoked keys are not kept here: lib/keys/unknown-keys remembers them briefly by hash and forgets
// one as soon as it is created.

export class AuthCache {
  readonly byHash: LRUCache<string, AuthenticatedKey>;
  readonly generations = new Generations();

  constructor(options: { max?: number; ttlMs?: number; clock?: { now(): number } } = {}) {
    this.byHash = new LRUCache({
      max: options.max ?? MAX_API_KEYS,
      ttl: options.ttlMs ?? TTL_MS.apiKey,
      ...(options.clock ? { perf: options.clock, ttlResolution: 0 } : {}),
    });
  }

  async find(keyHash: string, read: (keyHash: string) => Promise<AuthenticatedKey | null>): Promise<AuthenticatedKey | null> {
    const hit = this.byHash.get(keyHash);
    if (hit) return hit;
    const token = this.generations.begin();
    try {
      const key = await read(keyHash);
      if (key && !key.revokedAt && this.generations.unchangedSince(token, `account:${key.account.id}`)) this.byHash.set(keyHash, key);
      return key;
    } finally {
      this.generations.end();
    }
  }

  invalidate(event: Invalidation): void {
    if (event.kind === "everything") {
      this.generations.bumpAll();
      this.byHash.clear();
      return;
    }
    if (event.kind !== "account") return;
    this.generations.bump(`account:${event.accountId}`);
    for (const [hash, key] of [...this.byHash.entries()]) if (key.account.id === event.accountId) this.byHash.delete(hash);
  }
}

function cache(): AuthCache {
  return shared("authCache", () => {
    const c = new AuthCache();
    onInvalidate((event) => c.invalidate(event));
    return c;
  });
}

export async function findKeyForRequest(db: Db, keyHash: string): Promise<AuthenticatedKey | null> {
  const c = cache();
  const hit = c.byHash.get(keyHash);
  if (hit) return hit;
  if (isRememberedUnknown(keyHash)) return null;
  const generation = unknownKeysGeneration();
  const key = await c.find(keyHash, (hash) => findKeyByHashAcrossAccounts(db, hash));
  if (!key || key.revokedAt) rememberUnknown(keyHash, generation);
  return key;
}

export function apiKeyCacheStats() {
  const c = cache().byHash;
  return { entries: c.size, max: c.max };
}
