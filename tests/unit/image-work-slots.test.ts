import assert from "node:assert/strict";
import { test } from "node:test";
import { isHopError, type HopError } from "../../lib/errors";
import { GLOBAL_IMAGE_WORK, withImageWorkSlot } from "../../lib/images/work-slots";

// lib/images/work-slots.ts: one logo render per account, GLOBAL_IMAGE_WORK in the process;
// beyond either, 429 rate_limit_exceeded (window "concurrent") with Retry-After, at once.

/** A render that runs until `finish` is called. */
function heldRender() {
  let finish!: () => void;
  const done = new Promise<string>((resolve) => (finish = () => resolve("drawn")));
  return { render: () => done, finish };
}

async function refusal(promise: Promise<unknown>): Promise<HopError> {
  const error = await promise.then(
    () => assert.fail("expected a 429"),
    (thrown: unknown) => thrown,
  );
  assert.ok(isHopError(error));
  return error as HopError;
}

test("a second render for the same account while one runs is 429 with Retry-After; after it, the account may draw again", async () => {
  const first = heldRender();
  const running = withImageWorkSlot("acct-a", first.render);
  const second = await refusal(withImageWorkSlot("acct-a", async () => "drawn"));
  assert.equal(second.status, 429);
  assert.equal(second.code, "rate_limit_exceeded");
  assert.match(second.message, /one at a time/);
  assert.deepEqual({ limit: second.extras.limit, remaining: second.extras.remaining, window: second.extras.window }, { limit: 1, remaining: 0, window: "concurrent" });
  assert.ok(Number(second.headers["retry-after"]) >= 1);
  first.finish();
  assert.equal(await running, "drawn");
  assert.equal(await withImageWorkSlot("acct-a", async () => "again"), "again");
});

test(`at most ${GLOBAL_IMAGE_WORK} renders run in the process; the next account is 429 until one ends`, async () => {
  const held = Array.from({ length: GLOBAL_IMAGE_WORK }, () => heldRender());
  const running = held.map((h, i) => withImageWorkSlot(`acct-${i}`, h.render));
  const beyond = await refusal(withImageWorkSlot("acct-late", async () => "drawn"));
  assert.equal(beyond.status, 429);
  assert.equal(beyond.extras.limit, GLOBAL_IMAGE_WORK);
  assert.ok(Number(beyond.headers["retry-after"]) >= 1);
  held[0].finish();
  await running[0];
  assert.equal(await withImageWorkSlot("acct-late", async () => "drawn"), "drawn");
  held.slice(1).forEach((h) => h.finish());
  await Promise.all(running);
});

test("a render that fails frees its slots too", async () => {
  await assert.rejects(withImageWorkSlot("acct-b", async () => Promise.reject(new Error("broken image"))), /broken image/);
  const results = await Promise.all(Array.from({ length: GLOBAL_IMAGE_WORK }, (_, i) => withImageWorkSlot(i === 0 ? "acct-b" : `acct-c${i}`, async () => "drawn")));
  assert.deepEqual(results, Array(GLOBAL_IMAGE_WORK).fill("drawn"));
});
