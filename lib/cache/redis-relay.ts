import { randomUUID } from "node:crypto";
import { errorFields, log } from "../log";
import { redis, redisKey } from "../redis/client";
import { peekShared, resetShared, shared } from "../shared";
import { addRelay, applyRemote, type Invalidation } from "./invalidation";

// Carries every announced invalidation to the other instances of the deployment (and from the
// offline CLI to the running servers) over one Redis pub/sub channel. Each process ignores its
// own messages: it already applied them in process.

interface Relay {
  origin: string;
  ready: Promise<void>;
  pending: Set<Promise<unknown>>;
}

export function startInvalidationRelay(): Promise<void> {
  const client = redis();
  if (!client) return Promise.resolve();
  return shared("invalidationRelay", (): Relay => {
    const origin = randomUUID();
    const channel = redisKey("invalidate");
    const pending = new Set<Promise<unknown>>();
    const subscriber = client.duplicate();
    // Its own connection without auto-pipelining: a publish is written at once, never queued behind
    // the rate limiter's pipelines, so the writer's answer waits for nothing else.
    const publisher = client.duplicate({ enableAutoPipelining: false });
    subscriber.on("message", (_channel: string, message: string) => {
      try {
        const parsed = JSON.parse(message) as { origin: string; event: Invalidation };
        if (parsed.origin !== origin) applyRemote(parsed.event);
      } catch (error) {
        log.warn("bad invalidation message", errorFields(error));
      }
    });
    // Messages published while the subscriber was disconnected are lost: start afresh on reconnect.
    let connections = 0;
    subscriber.on("ready", () => {
      connections += 1;
      if (connections > 1) applyRemote({ kind: "everything" });
    });
    addRelay((event) => {
      const sent = publisher.publish(channel, JSON.stringify({ origin, event })).catch((error: unknown) => {
        log.error("invalidation publish failed", errorFields(error));
      });
      pending.add(sent);
      void sent.finally(() => pending.delete(sent));
      return sent;
    });
    const ready = subscriber.subscribe(channel).then(() => undefined);
    shared("invalidationSubscriber", () => subscriber);
    shared("invalidationPublisher", () => publisher);
    return { origin, ready, pending };
  }).ready;
}

/** Resolves when every invalidation published so far has reached Redis (the CLI waits for it). */
export async function relayFlushed(): Promise<void> {
  const relay = peekShared<Relay>("invalidationRelay");
  if (relay) await Promise.all([...relay.pending]);
}

export async function stopInvalidationRelay(): Promise<void> {
  for (const name of ["invalidationSubscriber", "invalidationPublisher"]) {
    const connection = peekShared<{ quit: () => Promise<unknown>; disconnect: () => void }>(name);
    if (connection) await connection.quit().catch(() => connection.disconnect());
    resetShared(name);
  }
}
