import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { Redis } from "ioredis";

// The relay's writer answers only once its own copy of an invalidation came back from Redis: the
// copies to the other instances are written in the same pass, so they are on those instances'
// sockets before the writer's client can ask them anything (lib/cache/redis-relay.ts).

const redisUrl = process.env.REDIS_URL;

describe("the invalidation relay over Redis", { skip: !redisUrl && "needs REDIS_URL" }, () => {
  let relay: typeof import("../../lib/cache/redis-relay");
  let invalidation: typeof import("../../lib/cache/invalidation");
  let other: Redis;
  const heard: string[] = [];
  let onHeard: (() => void) | undefined;

  before(async () => {
    process.env.HOP_REDIS_PREFIX = `hoptest:${randomBytes(6).toString("hex")}`;
    relay = await import("../../lib/cache/redis-relay");
    invalidation = await import("../../lib/cache/invalidation");
    const { redisKey } = await import("../../lib/redis/client");
    await relay.startInvalidationRelay();
    // Another instance, as far as Redis is concerned.
    other = new Redis(redisUrl!);
    other.on("message", (_channel: string, message: string) => {
      heard.push(message);
      onHeard?.();
    });
    await other.subscribe(redisKey("invalidate"));
  });

  after(async () => {
    await other.quit();
    await relay.stopInvalidationRelay();
    const { redis } = await import("../../lib/redis/client");
    await redis()?.quit();
  });

  test("an announcement resolves once the writer's own copy came back", async () => {
    for (let i = 0; i < 20; i += 1) {
      const before = relay.relayEchoes();
      await invalidation.announce({ kind: "account", accountId: `acct_${i}` });
      assert.equal(relay.relayEchoes(), before + 1, `announcement ${i}`);
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
