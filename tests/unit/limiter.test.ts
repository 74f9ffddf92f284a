import assert from "node:assert/strict";
import { mock, test } from "node:test";

// lib/limits/limiter.ts without Redis: rate-limiter-flexible's fixed windows in process, each
// starting at its key's first point, and the bound on the keys a limit holds, so a flood of new
// visitors costs bounded memory.

delete process.env.REDIS_URL;
process.env.HOP_LIMIT_KEYS_MAX = "1000";
mock.timers.enable({ apis: ["Date", "setTimeout"], now: 1_000_000 });
const { keysInProcess, limiter, retryAfterSeconds } = await import("../../lib/limits/limiter");

const counts = async (limit: ReturnType<typeof limiter>, key: string, times: number) => {
  const taken = [];
  for (let i = 0; i < times; i += 1) taken.push(await limit.take(key));
  return taken;
};

test("a key's points are counted in its window, which starts at its first point; past the limit a point is refused", async () => {
  const limit = limiter("unit-window", 2, 60_000);
  const [first] = await counts(limit, "k", 1);
  assert.deepEqual(first, { allowed: true, consumed: 1, msBeforeNext: 60_000 });
  mock.timers.tick(59_999);
  const [second, third] = await counts(limit, "k", 2);
  assert.deepEqual([second.allowed, third.allowed, third.consumed], [true, false, 3]);
  assert.equal(third.msBeforeNext, 1);
  assert.equal(retryAfterSeconds(third.msBeforeNext), 1);
  assert.equal((await limit.take("other")).consumed, 1, "keys are counted apart");
  mock.timers.tick(1);
  assert.deepEqual(await limit.take("k"), { allowed: true, consumed: 1, msBeforeNext: 60_000 }, "a new window after the last one ended");
});

test("a point given back frees one attempt; counted() reads without counting", async () => {
  const limit = limiter("unit-give-back", 2, 60_000);
  await counts(limit, "k", 2);
  assert.equal(await limit.counted("k"), 2);
  assert.equal(await limit.counted("never"), 0);
  await limit.giveBack("k");
  assert.equal((await limit.take("k")).allowed, true);
  assert.equal((await limit.take("k")).allowed, false);
});

test("a limit holds at most HOP_LIMIT_KEYS_MAX keys in process; the oldest windows go first", async () => {
  const limit = limiter("unit-bound", 10, 60_000);
  for (let i = 0; i < 5_000; i += 1) await limit.take(`visitor-${i}`);
  assert.equal(keysInProcess(limit), 1_000);
  assert.equal((await limit.take("visitor-4999")).consumed, 2, "the newest keys are still counted");
  assert.equal((await limit.take("visitor-0")).consumed, 1, "the oldest were dropped");
  assert.equal(keysInProcess(limiter("unit-window", 2, 60_000)), 2, "each limit is bounded on its own");
});
