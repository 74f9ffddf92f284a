import assert from "node:assert/strict";
import { test } from "node:test";

// lib/limits/window-counter.ts without Redis: the in-process counters of the visitor limits,
// bounded in entries so a flood of new visitors costs bounded memory.

delete process.env.REDIS_URL;
process.env.HOP_LIMIT_KEYS_MAX = "1000";
const { hitWindow, windowCounterSize } = await import("../../lib/limits/window-counter");

test("a key's hits are counted within its window, which starts at its first hit", async () => {
  const t0 = 1_000_000;
  assert.deepEqual([await hitWindow("k", 60_000, t0), await hitWindow("k", 60_000, t0 + 1), await hitWindow("k", 60_000, t0 + 59_999)], [1, 2, 3]);
  assert.equal(await hitWindow("k", 60_000, t0 + 60_000), 1, "a new window after the last one ended");
  assert.equal(await hitWindow("other", 60_000, t0), 1, "keys are counted apart");
});

test("at most HOP_LIMIT_KEYS_MAX keys are kept; the oldest go first", async () => {
  const now = 5_000_000;
  for (let i = 0; i < 5_000; i += 1) await hitWindow(`visitor-${i}`, 60_000, now);
  assert.equal(windowCounterSize(), 1_000);
  assert.equal(await hitWindow("visitor-4999", 60_000, now), 2, "the newest keys are still counted");
  assert.equal(await hitWindow("visitor-0", 60_000, now), 1, "the oldest were dropped");
});
