import { randomUUID } from "node:crypto";
import { errorFields, log } from "../log";
import { redis, redisKey } from "../redis/client";
import { peekShared, resetShared, shared } from "../shared";
import { addRelay, applyRemote, type Invalidation } from "./invalidation";

// Carries every announced invalidation to the other instances of the deployment (and from the
// offline CLI to the running servers) over one Redis pub/sub channel. Each process ignores its
// own messages (it already applied them in process) but waits for its own copy to come back:
// Redis answers PUBLISH once the message is queued for every subscriber, and may write that
// answer before the other instances' copies, so a writer that answered on PUBLISH alone let its
// client reach another instance before the news did (a revoked key let in once, seen in CI). Its
// own copy is written in the same pass as theirs, so once it is back theirs are on their sockets,
// ahead of any request the client sends after the writer's answer.

/** How long a publisher waits for its own copy before it answers anyway (the TTLs are the backstop). */
export const ECHO_WAIT_MS = 1_000;

interface Relay {
  origin: string;
  ready: Promise<void>;
  pending: Set<Promise<unknown>>;
  /** Own messages that came back (tests read it through relayEchoes). */
  echoed: number;
}

export function startInvalidationRelay(): Promise<void> {
  const client = redis();
  if (!client) return Promise.resolve();
  return shared("invalidationRelay", (): Relay => {
    const origin = randomUUID();
    const channel = redisKey("invalidate");
    const pending = new Set<Promise<unknown>>();
    const echoes = new Map<number, () => void>();
    const settleEcho = (id: number) => echoes.get(id)?.();
    let sequence = 0;
    const subscriber = client.duplicate();
    // Its own connection without auto-pipelining: a publish is written at once, never queued behind
    // the rate limiter's pipelines, so the writer's answer waits for nothing else.
    const publisher = client.duplicate({ enableAutoPipelining: false });
    subscriber.on("message", (_channel: string, message: string) => {
      try {
        const parsed = JSON.parse(message) as { origin: string; id?: number; event: Invalidation };
        if (parsed.origin !== origin) applyRemote(parsed.event);
        else if (typeof parsed.id === "number") {
          relay.echoed += 1;
          settleEcho(parsed.id);
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
    const echoOf = (id: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          echoes.delete(id);
          resolve();
        };
        const timer = setTimeout(done, ECHO_WAIT_MS);
        echoes.set(id, done);
      });
    addRelay((event) => {
      const id = ++sequence;
      // A subscriber that is not connected gets no copy: then only PUBLISH is waited for.
      const echoed = subscriber.status === "ready" ? echoOf(id) : undefined;
      const sent = publisher
        .publish(channel, JSON.stringify({ origin, id, event }))
        // PUBLISH counts the subscribers it reached: none (our own subscription lost) means no copy comes back.
        .then((receivers) => (receivers > 0 ? echoed : settleEcho(id)))
        .catch((error: unknown) => {
          settleEcho(id);
          log.error("invalidation publish failed", errorFields(error));
        });
      pending.add(sent);
      void sent.finally(() => pending.delete(sent));
      return sent;
    });
    shared("invalidationSubscriber", () => subscriber);
    shared("invalidationPublisher", () => publisher);
    const relay: Relay = { origin, ready: subscriber.subscribe(channel).then(() => undefined), pending, echoed: 0 };
    return relay;
  }).ready;
}

/** How many of its own messages this process's relay has had back (0 without one). */
export function relayEchoes(): number {
  return peekShared<Relay>("invalidationRelay")?.echoed ?? 0;
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
