import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { getPriority } from "node:os";
import { test } from "node:test";
import { BACKGROUND_NICE, lowerBackgroundThreads } from "../../lib/threads";

// Background threads run below the thread that answers visitors (lib/threads.ts): the pool's
// threads get the higher nice value, the main thread keeps its own.

const threadsNamed = (pattern: RegExp) =>
  readdirSync("/proc/self/task")
    .map(Number)
    .filter((tid) => pattern.test(readFileSync(`/proc/self/task/${tid}/comm`, "utf8")));

test("libuv's pool threads are lowered, the main thread is not", { skip: process.platform !== "linux" && "Linux only" }, async () => {
  await readFile(import.meta.filename); // the pool starts with its first job
  const pool = threadsNamed(/^libuv-worker/);
  assert.ok(pool.length > 0, "the pool has threads");
  const mainBefore = getPriority(process.pid);
  assert.ok(pool.some((tid) => getPriority(tid) < BACKGROUND_NICE), "not lowered yet");
  assert.equal(lowerBackgroundThreads(), pool.length);
  for (const tid of pool) assert.equal(getPriority(tid), BACKGROUND_NICE);
  assert.equal(getPriority(process.pid), mainBefore, "the main thread keeps its priority");
  assert.equal(lowerBackgroundThreads(), 0, "a second scan finds nothing to do");
});
