import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { Redis } from "ioredis";

// The relay's writer answers only once every other instance has applied an invalidation: each one
// acknowledges what it applied on the writer's own channel, and the writer waits for as many
// acknowledgements as PUBLISH counted other subscribers — at most ACK_WAIT_MS for one that never
// answers (lib/cache/redis-relay.ts).

const redisUrl = process.env.REDIS_URL;

describe("the invalidation relay over Redis", { skip: !redisUrl && "needs REDIS_URL" }, () => {
  let relay: typeof import("../../lib/cache/redis-relay");
  let invalidation: typeof import("../../lib/cache/invalidation");
  let other: Redis;
  let otherPublisher: Redis;
  let ackChannel: (origin: string) => string;
  const heard: string[] = [];
  let onHeard: (() => void) | undefined;
  /** When the other instance sent its last acknowledgement (performance.now()). */
  let ackedAt = 0;
  let acknowledging = true;

  before(async () => {
    process.env.HOP_REDIS_PREFIX = `hoptest:${randomBytes(6).toString("hex")}`;
    relay = await import("../../lib/cache/redis-relay");
    invalidation = await import("../../lib/cache/invalidation");
    const { redisKey } = await import("../../lib/redis/client");
    ackChannel = (origin) => redisKey("invalidate-ack", origin);
    await relay.startInvalidationRelay();
    // Another instance, as far as Redis is concerned: it takes a moment to apply, then acknowledges.
    other = new Redis(redisUrl!);
    otherPublisher = new Redis(redisUrl!);
    other.on("message", (_channel: string, message: string) => {
      heard.push(message);
      onHeard?.();
      const { origin, id } = JSON.parse(message) as { origin: string; id: number };
      if (!acknowledging) return;
      setTimeout(() => {
        ackedAt = performance.now();
        otherPublisher.publish(ackChannel(origin), String(id)).catch(() => undefined);
      }, 30);
    });
    await other.subscribe(redisKey("invalidate"));
  });

  after(async () => {
    await other.quit();
    await otherPublisher.quit();
    await relay.stopInvalidationRelay();
    const { redis } = await import("../../lib/redis/client");
    await redis()?.quit();
  });

  test("an announcement resolves only once the other instance acknowledged it", async () => {
    for (let i = 0; i < 10; i += 1) {
      const before = relay.relayAcks();
      await invalidation.announce({ kind: "account", accountId: `acct_${i}` });
      const resolvedAt = performance.now();
      assert.equal(relay.relayAcks(), before + 1, `announcement ${i}: acknowledged once`);
      assert.ok(ackedAt > 0 && resolvedAt >= ackedAt, `announcement ${i}: resolved after the acknowledgement`);
    }
  });

  test("Redis marked away by a counter's timeout (a saturated loop) does not stop the writer waiting for the acknowledgement", async () => {
    const { markRedisAway, redisAway } = await import("../../lib/redis/client");
    markRedisAway();
    assert.ok(redisAway());
    const before = relay.relayAcks();
    await invalidation.announce({ kind: "account", accountId: "acct_away" });
    const resolvedAt = performance.now();
    assert.equal(relay.relayAcks(), before + 1, "acknowledged before the announcement resolved");
    assert.ok(resolvedAt >= ackedAt);
  });

  test("an instance that never acknowledges holds the writer back at most ACK_WAIT_MS", async () => {
    acknowledging = false;
    try {
      const started = performance.now();
      await invalidation.announce({ kind: "account", accountId: "acct_silent" });
      const waited = performance.now() - started;
      assert.ok(waited >= relay.ACK_WAIT_MS - 50 && waited < relay.ACK_WAIT_MS + 1_000, `waited ${Math.round(waited)} ms`);
    } finally {
      acknowledging = true;
    }
  });

  test("another subscriber hears every announcement, its own origin's copies ignored by the writer", async () => {
    const before = heard.length;
    const arrived = new Promise<void>((resolve) => (onHeard = resolve));
    await invalidation.announce({ kind: "domain", domain: "links.example" });
    await arrived;
    const message = JSON.parse(heard.at(-1)!) as { origin: string; id: number; event: unknown };
    assert.equal(heard.length, before + 1);
    assert.deepEqual(message.event, { kind: "domain", domain: "links.example" });
    assert.equal(typeof message.id, "number");
  });
});
