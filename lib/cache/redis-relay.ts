import { randomUUID } from "node:crypto";
import { errorFields, log } from "../log";
import { COUNTER_TIMEOUT_MS, markRedisAway, redis, redisKey, watchRedisConnection } from "../redis/client";
import { peekShared, resetShared, shared } from "../shared";
import { addRelay, applyRemote, type Invalidation } from "./invalidation";

// Carries every announced invalidation to the other instances of the deployment (and from the
// offline CLI to the running servers) over one Redis pub/sub channel. Each process ignores its
// own messages (it already applied them in process). A writer answers its client only once every
// other instance has *applied* the change: each one, having applied a message, acknowledges it on
// the writer's own channel, and the writer waits for as many acknowledgements as PUBLISH counted
// other subscribers. Waiting for less let a client reach another instance first — a copy already
// on that instance's socket but not yet read, behind the client's own request in the same turn
// of its event loop (a revoked key let in, seen in CI). The wait is bounded: at most ACK_WAIT_MS
// for the acknowledgements, COUNTER_TIMEOUT_MS for Redis to answer the PUBLISH (it answers at once
// when it is there), none while the relay's connection is down or a publish is unanswered; then
// the caches' TTLs are the backstop.

/** How long a writer waits for the other instances' acknowledgements before it answers anyway (the TTLs are the backstop). */
export const ACK_WAIT_MS = 1_000;

/**
 * A PUBLISH unanswered for this long fails: a frozen Redis holds the connection open without a word,
 * and neither the relay's record of what is in flight nor the CLI (which waits for every publish
 * before it exits) may wait on it for ever.
 */
const PUBLISH_TIMEOUT_MS = 5_000;

interface Relay {
  origin: string;
  ready: Promise<void>;
  pending: Set<Promise<unknown>>;
  /** Acknowledgements of its own waiting messages received from other instances (tests read it through relayAcks). */
  acked: number;
}

interface Waiting {
  /** Acknowledgements received so far. */
  got: number;
  /** How many to wait for: unknown (undefined) until PUBLISH answered. */
  needed?: number;
  done: () => void;
}

export function startInvalidationRelay(): Promise<void> {
  const client = redis();
  if (!client) return Promise.resolve();
  return shared("invalidationRelay", (): Relay => {
    const origin = randomUUID();
    const channel = redisKey("invalidate");
    const ackChannel = (of: string) => redisKey("invalidate-ack", of);
    const pending = new Set<Promise<unknown>>();
    const waiting = new Map<number, Waiting>();
    let sequence = 0;
    const subscriber = client.duplicate();
    // Its own connection without auto-pipelining: a publish is written at once, never queued behind
    // the rate limiter's pipelines, so the writer's answer waits for nothing else.
    const publisher = client.duplicate({ enableAutoPipelining: false, commandTimeout: PUBLISH_TIMEOUT_MS });
    // A duplicate has none of the original's listeners.
    watchRedisConnection(subscriber, "invalidation subscriber");
    watchRedisConnection(publisher, "invalidation publisher");
    // When each message's PUBLISH was sent, oldest first, until Redis answers it.
    const unanswered = new Map<number, number>();
    // Redis answers a connection's commands in order: while an earlier PUBLISH is unanswered past
    // the silence allowed, a later one cannot be answered sooner (Redis is frozen or drowning).
    const stalled = () => {
      const oldest = unanswered.values().next().value;
      return oldest !== undefined && Date.now() - oldest >= COUNTER_TIMEOUT_MS;
    };
    const settleIfComplete = (w: Waiting) => {
      if (w.needed !== undefined && w.got >= w.needed) w.done();
    };
    subscriber.on("message", (from: string, message: string) => {
      try {
        if (from !== channel) {
          // An acknowledgement: the id of one of this process's messages (one that timed out is gone).
          const w = waiting.get(Number(message));
          if (!w) return;
          relay.acked += 1;
          w.got += 1;
          return settleIfComplete(w);
        }
        const parsed = JSON.parse(message) as { origin: string; id?: number; event: Invalidation };
        if (parsed.origin === origin) return;
        applyRemote(parsed.event);
        if (typeof parsed.id === "number") {
          publisher.publish(ackChannel(parsed.origin), String(parsed.id)).catch((error: unknown) => log.warn("invalidation acknowledgement failed", errorFields(error)));
        }
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
    const acknowledged = (id: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => w.done(), ACK_WAIT_MS);
        const w: Waiting = {
          got: 0,
          done: () => {
            clearTimeout(timer);
            waiting.delete(id);
            resolve();
          },
        };
        waiting.set(id, w);
      });
    addRelay((event) => {
      const id = ++sequence;
      // A writer waits only for a relay that can answer within the wait: with Redis down (the
      // publisher reconnecting) or frozen (a publish unanswered), it answers at once; the message
      // goes out if Redis returns in time, and the TTLs are the backstop for the other instances.
      // Judged by the relay's own connection, never by redisAway(): the counters' 300 ms timeouts
      // mark Redis away whenever the event loop is saturated, and a writer that stopped waiting
      // then let a visitor of another instance get a deactivated link.
      const wait = publisher.status === "ready" && !stalled();
      unanswered.set(id, Date.now());
      // Acknowledgements come through the subscriber: without it, only PUBLISH is waited for.
      const acks = wait && subscriber.status === "ready" ? acknowledged(id) : undefined;
      let silence: NodeJS.Timeout | undefined;
      const sent = publisher
        .publish(channel, JSON.stringify({ origin, id, event }))
        .then((receivers) => {
          clearTimeout(silence);
          unanswered.delete(id);
          const w = waiting.get(id);
          if (w) {
            // PUBLISH counts every subscriber it reached, this process's own among them.
            w.needed = Math.max(0, receivers - 1);
            settleIfComplete(w);
          }
          return acks;
        })
        .catch((error: unknown) => {
          clearTimeout(silence);
          unanswered.delete(id);
          markRedisAway();
          waiting.get(id)?.done();
          log.error("invalidation publish failed", errorFields(error));
        });
      pending.add(sent);
      void sent.finally(() => pending.delete(sent));
      if (!wait) return undefined;
      const silent = new Promise<void>((resolve) => {
        silence = setTimeout(() => {
          markRedisAway();
          waiting.get(id)?.done();
          resolve();
        }, COUNTER_TIMEOUT_MS);
      });
      return Promise.race([sent, silent]);
    });
    shared("invalidationSubscriber", () => subscriber);
    shared("invalidationPublisher", () => publisher);
    // Ready once both connections are: a write right after start-up waits for the relay like any other.
    const ready = Promise.all([subscriber.subscribe(channel, ackChannel(origin)), publisher.ping()]).then(() => undefined);
    const relay: Relay = { origin, ready, pending, acked: 0 };
    return relay;
  }).ready;
}

/** How many acknowledgements from other instances this process's relay has had (0 without one). */
export function relayAcks(): number {
  return peekShared<Relay>("invalidationRelay")?.acked ?? 0;
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
