import { EventEmitter } from "node:events";
import { shared } from "../shared";

// Every write that changes what a visitor sees (link create/update/toggle/delete, domain removal
// or verification) announces it here; caches subscribe. The visitor-path work relays these over
// Redis pub/sub when REDIS_URL is set so every instance hears them.

export type Invalidation =
  | { kind: "link"; domain: string; slug: string }
  | { kind: "domain"; domain: string }
  /** A key was revoked or the account's plan or limits changed: drop its cached API keys. */
  | { kind: "account"; accountId: string }
  /** A key was created: forget its hash if it was remembered as unknown (lib/keys/unknown-keys). */
  | { kind: "key-created"; keyHash: string };

const bus = () => shared("invalidationBus", () => new EventEmitter().setMaxListeners(50));
const relays = () => shared("invalidationRelays", () => [] as Array<(event: Invalidation) => void>);

/** Call after the transaction that changed the link or domain has committed. */
export function announce(...events: Invalidation[]): void {
  for (const event of events) {
    bus().emit("invalidate", event);
    for (const relay of relays()) relay(event);
  }
}

/** Applies an invalidation that arrived from another instance (not relayed again). */
export function applyRemote(event: Invalidation): void {
  bus().emit("invalidate", event);
}

export function onInvalidate(listener: (event: Invalidation) => void): () => void {
  bus().on("invalidate", listener);
  return () => bus().off("invalidate", listener);
}

export function addRelay(relay: (event: Invalidation) => void): void {
  relays().push(relay);
}
