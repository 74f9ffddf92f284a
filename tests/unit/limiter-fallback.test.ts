import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { missingRedis, startOwnRedis, type OwnRedis } from "../../scripts/harness/own-services";

// lib/limits/limiter.ts with REDIS_URL: the count lives in Redis, and when Redis stops answering in
// the middle of a window the process goes on from its own count of the same points, so a slow or
// lost Redis never lets one instance past the limit (a CI run once saw 35 sign-ups of 30 a minute
// go through when the fallback started from zero).

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
});
