import { onInvalidate } from "../cache/invalidation";
import { shared } from "../shared";

// Well-formed keys that match no row (or a revoked one) are remembered by hash for a short while,
// so a client retrying a wrong key, or a scanner, costs one database read per key per TTL_MS, not
// one per request. A key created since is forgotten at once: creation is announced in process and
// over the Redis relay. A lookup that started before a creation never stores its miss (generation).

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

interface UnknownKeys {
  expiresAt: Map<string, number>;
  generation: number;
}

function cache(): UnknownKeys {
  return shared("unknownKeys", () => {
    const c: UnknownKeys = { expiresAt: new Map(), generation: 0 };
    onInvalidate((event) => {
      if (event.kind === "everything") {
        c.generation += 1;
        c.expiresAt.clear();
      }
      if (event.kind !== "key-created") return;
      c.generation += 1;
      c.expiresAt.delete(event.keyHash);
    });
    return c;
  });
}

export function isRememberedUnknown(keyHash: string, now = Date.now()): boolean {
  const c = cache();
  const expiresAt = c.expiresAt.get(keyHash);
  if (expiresAt === undefined) return false;
  if (expiresAt > now) return true;
  c.expiresAt.delete(keyHash);
  return false;
}

/** Taken before the database read whose miss will be remembered. */
export function unknownKeysGeneration(): number {
  return cache().generation;
}

export function rememberUnknown(keyHash: string, generation: number, now = Date.now()): void {
  const c = cache();
  if (generation !== c.generation) return;
  c.expiresAt.delete(keyHash);
  if (c.expiresAt.size >= MAX_ENTRIES) c.expiresAt.delete(c.expiresAt.keys().next().value!);
  c.expiresAt.set(keyHash, now + TTL_MS);
}
