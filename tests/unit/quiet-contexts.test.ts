import assert from "node:assert/strict";
import { AsyncLocalStorage, createHook } from "node:async_hooks";
import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, test } from "node:test";
import { appActivity, contextsCostPerResource, restContexts, trackContexts } from "../../lib/server/quiet-contexts";

// Next's request contexts (AsyncLocalStorage) cost every request of the process while enabled;
// server.ts puts them to rest once the app has been idle for a quiet spell. Here: what is
// remembered and rested, that a rested context works again on its next run, and when the quiet
// spell starts and ends.

const enabled = (storage: AsyncLocalStorage<unknown>) => (storage as unknown as { enabled: boolean }).enabled;

describe("request contexts at rest", () => {
  if (!contextsCostPerResource()) {
    // Node 24's AsyncContextFrame: a context costs nothing per resource, so nothing is wrapped.
    test("on this Node, AsyncLocalStorage is left as it is", () => {
      const run = AsyncLocalStorage.prototype.run;
      trackContexts();
      assert.equal(AsyncLocalStorage.prototype.run, run);
    });
    return;
  }

  test("an instance that ran is remembered and disabled at rest; the next run enables it again", async () => {
    trackContexts();
    restContexts();
    const storage = new AsyncLocalStorage<{ request: number }>();
    const idle = new AsyncLocalStorage<unknown>();
    assert.equal(storage.run({ request: 1 }, () => storage.getStore()?.request), 1);
    assert.equal(enabled(storage), true);
    assert.equal(enabled(idle), false, "an instance that never ran is not touched");
    assert.equal(restContexts(), 1);
    assert.equal(enabled(storage), false);
    assert.equal(restContexts(), 0, "nothing is remembered twice");
    // The next run sees its own store across awaits, timers and ticks, as Next's requests do.
    const seen = await storage.run({ request: 2 }, async () => {
      await sleep(1);
      const inTick = await new Promise((resolve) => process.nextTick(() => resolve(storage.getStore()?.request)));
      return [storage.getStore()?.request, inTick];
    });
    assert.deepEqual(seen, [2, 2]);
    assert.equal(restContexts(), 1);
  });

  test("at rest, the process's async resources no longer pass through a context's hook", async () => {
    trackContexts();
    restContexts();
    const storage = new AsyncLocalStorage<number>();
    const ticks = async () => {
      for (let i = 0; i < 100; i += 1) await new Promise<void>((resolve) => process.nextTick(resolve));
    };
    storage.run(1, () => undefined);
    // A resource's own async ids are two symbols; an enabled context adds its store's slot.
    const count = async () => {
      const resources: object[] = [];
      const probe = createHook({ init: (_id, _type, _trigger, resource) => void resources.push(resource) }).enable();
      await ticks();
      probe.disable();
      return { seen: resources.length, withSlot: resources.filter((r) => Object.getOwnPropertySymbols(r).length > 2).length };
    };
    const before = await count();
    assert.ok(before.withSlot > 0, "an enabled context writes its slot onto every new resource");
    restContexts();
    const after = await count();
    assert.ok(after.seen >= 100, "the probe still sees the resources");
    assert.equal(after.withSlot, 0, "a rested context writes nothing");
  });
});

describe("the app's activity", () => {
  test("the quiet spell starts when the last request ends and is cut short by a new one", async () => {
    let quiet = 0;
    const activity = appActivity(30, () => void (quiet += 1));
    const first = activity.begin();
    const second = activity.begin();
    first();
    await sleep(60);
    assert.equal(quiet, 0, "a request still in flight keeps the contexts");
    second();
    second();
    assert.equal(activity.inFlight, 0, "ending twice counts once");
    await sleep(10);
    const third = activity.begin();
    await sleep(60);
    assert.equal(quiet, 0, "a request begun within the spell cancels it");
    third();
    await sleep(60);
    assert.equal(quiet, 1);
  });

  test("a request is over when both its response closed and its work settled", async () => {
    let quiet = 0;
    const activity = appActivity(10, () => void (quiet += 1));
    const res = new EventEmitter() as unknown as ServerResponse;
    let finish!: () => void;
    const work = new Promise<void>((resolve) => (finish = resolve));
    activity.during(res, work);
    res.emit("close");
    await sleep(40);
    assert.equal(activity.inFlight, 1, "a client that hung up early leaves the handler running");
    finish();
    await sleep(40);
    assert.equal(activity.inFlight, 0);
    assert.equal(quiet, 1);
    const failing = Promise.reject(new Error("handler failed"));
    activity.during(res, failing);
    res.emit("close");
    await sleep(40);
    assert.equal(activity.inFlight, 0, "a failed handler ends its request too");
  });
});
