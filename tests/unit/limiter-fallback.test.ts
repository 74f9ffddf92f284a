import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { missingRedis, startOwnRedis, type OwnRedis } from "../../scripts/harness/own-services";

// lib/limits/limiter.ts with REDIS_URL: the count lives in Redis, and when Redis stops answering in
// the middle of a window the process goes on from its own count of the same points (plus what other
// instances had counted), and Redis gets the points it missed once it answers again, so a slow or
// lost Redis never lets one instance past the limit (docs/decisions/011-rate-limits.md).

const skip = missingRedis();

describe("a limit whose Redis stops answering mid-window", { skip }, () => {
  let redis: OwnRedis;
  let limits: typeof import("../../lib/limits/limiter");
  let client: typeof import("../../lib/redis/client");
  before(async () => {
    redis = await startOwnRedis();
    process.env.REDIS_URL = redis.url;
    process.env.HOP_REDIS_PREFIX = `limiter-fallback-${process.pid}`;
    limits = await import("../../lib/limits/limiter");
    client = await import("../../lib/redis/client");
    // Until the connection is ready the limits count in process (rejectIfRedisNotReady).
    const connection = client.counterRedis()!;
    if (connection.status !== "ready") await new Promise((resolve) => connection.once("ready", resolve));
  });
  after(async () => {
    client?.counterRedis()?.disconnect();
    redis?.resume();
    await redis?.remove();
  });

  test("goes on from this process's count: never more points than the limit in one window", async () => {
    const limit = limits.limiter("fallback", 5, 60_000);
    const before = [];
    for (let i = 0; i < 3; i += 1) before.push((await limit.take("all")).allowed);
    assert.deepEqual(before, [true, true, true]);
    assert.equal(Number(await redis.command("GET", `limiter-fallback-${process.pid}:limit:fallback:all`)), 3, "counted in Redis");
    redis.pause();
    const during = [];
    for (let i = 0; i < 4; i += 1) during.push(await limit.take("all"));
    assert.deepEqual(
      during.map((taken) => [taken.allowed, taken.consumed]),
      [
        [true, 4],
        [true, 5],
        [false, 6],
        [false, 7],
      ],
    );
  });

  test("a point given back while Redis answers is given back to the process's count too", async () => {
    redis.resume();
    const limit = limits.limiter("fallback-give-back", 2, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // past the pause after the timeout above
    await limit.take("k");
    await limit.take("k");
    await limit.giveBack("k");
    redis.pause();
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.deepEqual([(await limit.take("k")).allowed, (await limit.take("k")).allowed], [true, false]);
  });

  /** Redis answering again, and past the second the process leaves it alone after a failure. */
  const answering = async () => {
    redis.resume();
    await new Promise((resolve) => setTimeout(resolve, client.REDIS_PAUSE_MS + 100));
  };
  const redisCount = async (name: string, key: string) => Number(await redis.command("GET", `limiter-fallback-${process.pid}:limit:${name}:${key}`));

  test("the points counted while Redis was not asked reach Redis with its next answer; the larger count decides", async () => {
    await answering();
    const limit = limits.limiter("fallback-resend", 6, 60_000);
    await limit.take("k");
    await limit.take("k");
    redis.pause();
    await limit.take("k"); // times out: Redis runs it once it wakes
    await limit.take("k"); // Redis is away: counted in process only
    await limit.take("k");
    await answering();
    const sixth = await limit.take("k");
    assert.deepEqual([sixth.allowed, sixth.consumed], [true, 6]);
    assert.equal(await redisCount("fallback-resend", "k"), 6, "Redis has every point, the ones it missed included");
    assert.equal((await limit.take("k")).allowed, false, "the 7th of 6");
    assert.equal(await limit.counted("k"), 7);
  });

  test("while Redis is away, what other instances had counted at its last answer still counts", async () => {
    await answering();
    const limit = limits.limiter("fallback-others", 5, 60_000);
    await redis.command("SET", `limiter-fallback-${process.pid}:limit:fallback-others:k`, "3", "EX", "60");
    assert.deepEqual([(await limit.take("k")).consumed], [4], "another instance's 3 and this one");
    redis.pause();
    const during = [await limit.take("k"), await limit.take("k")];
    assert.deepEqual(
      during.map((taken) => [taken.allowed, taken.consumed]),
      [
        [true, 5],
        [false, 6],
      ],
    );
    assert.equal(await limit.counted("k"), 6);
    redis.resume();
  });
});
