import { EventEmitter } from "node:events";
import { shared } from "../shared";

// Every write that changes what a visitor sees (link create/update/toggle/delete, domain removal
// or verification) announces it here; caches subscribe. The visitor-path work relays these over
// Redis pub/sub when REDIS_URL is set so every instance hears them.

export type Invalidation =
  /** gone: the address answers 404 now (deleted, switched off), which holds through a database outage. */
  | { kind: "link"; domain: string; slug: string; gone?: true }
  /** Many addresses of one domain at once (an import's or a bulk update's slice): exactly these, never the domain; gone as for one. */
  | { kind: "links"; domain: string; slugs: string[]; gone?: true }
  | { kind: "domain"; domain: string }
  /** A key was revoked or the account's plan or limits changed: drop its cached API keys. */
  | { kind: "account"; accountId: string }
  /** A key was created: forget its hash if it was remembered as unknown (lib/keys/unknown-keys). */
  | { kind: "key-created"; keyHash: string }
  /** Announcements may have been missed (the relay's connection was lost): drop every entry. */
  | { kind: "everything" };

const bus = () => shared("invalidationBus", () => new EventEmitter().setMaxListeners(50));
/** The longest a write waits for the relay (lib/cache/redis-relay.ts) before it answers anyway. */
export const RELAY_WAIT_MS = 1_000;

type Relay = (event: Invalidation) => Promise<unknown> | void;
const relays = () => shared("invalidationRelays", () => [] as Relay[]);

/**
 * Call after the transaction that changed the link or domain has committed (never inside it: a
 * lookup that ran before the commit would be let through to store the old answer). This
 * process's caches are cleared before it returns; await it before answering the request, so the
 * other instances have been sent the news too (a publish failure is logged, never thrown).
 */
export function announce(...events: Invalidation[]): Promise<void> {
  const sent: Array<Promise<unknown> | void> = [];
  for (const event of events) {
    bus().emit("invalidate", event);
    for (const relay of relays()) sent.push(relay(event));
  }
  if (!sent.length) return Promise.resolve();
  // A slow or unreachable Redis must not hold the write's answer: past this, the caches' TTLs are the backstop.
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, RELAY_WAIT_MS)));
  return Promise.race([Promise.all(sent).then(() => undefined), waited]).finally(() => clearTimeout(timer));
}

/** Applies an invalidation that arrived from another instance (not relayed again). */
export function applyRemote(event: Invalidation): void {
  bus().emit("invalidate", event);
}

export function onInvalidate(listener: (event: Invalidation) => void): () => void {
  bus().on("invalidate", listener);
  return () => bus().off("invalidate", listener);
}

export function addRelay(relay: Relay): void {
  relays().push(relay);
}
