import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { log } from "../../lib/log";
import { ROOT } from "../../scripts/harness/hop-server";

// A full collection with no tick object alive frees the maps V8 recorded for process.nextTick's
// object literal; the next tick then marks the literal megamorphic for good and every tick object
// is built through the runtime (lib/server/keep-tick-object.ts). Here, in a child process with V8's
// own report of that record: without the kept tick object the collection makes it megamorphic
// (on Node 20; Node 24's probe keeps it without help, yet a loaded server still pays: see
// docs/decisions/012-node-and-next-workarounds.md), with it every key stays monomorphic.

function literalFeedback(mode: "keep" | "none"): string[] {
  const probe = path.join(ROOT, "tests", "fixtures", "tick-object-probe.ts");
  // V8 prints through C's stdio, which loses the end of its output on a non-blocking pipe: a file.
  const dir = mkdtempSync(path.join(tmpdir(), "hop-tick-"));
  const file = path.join(dir, "out.txt");
  const out = openSync(file, "w");
  try {
    const result = spawnSync(process.execPath, ["--import", "tsx", "--allow-natives-syntax", "--expose-gc", probe, mode], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", out, "pipe"] });
    assert.equal(result.status, 0, result.stderr);
    return [...readFileSync(file, "utf8").matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1]);
  } finally {
    closeSync(out);
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the shape of Node's tick objects", () => {
  test("kept alive, a full collection leaves the tick literal's record monomorphic", (t) => {
    const kept = literalFeedback("keep");
    if (kept.length === 0 && Number(process.versions.node.split(".")[0]) > 20) {
      // The finding is Node 20's (this project's CI); a later V8 may build the literal otherwise.
      t.diagnostic("this Node's V8 reports no keyed definitions for the tick literal");
      return;
    }
    // Four keys on Node 20, five on Node 24 (its tick object has one more).
    assert.ok(kept.length >= 4, `V8 reports the literal's keys (${kept.length})`);
    assert.ok(kept.every((state) => state === "MONOMORPHIC"), kept.join(", "));
    const lost = literalFeedback("none");
    if (lost.includes("MEGAMORPHIC")) {
      // What the kept object prevents: the root map is V8's own, the ones after it were freed.
      assert.equal(lost[0], "MONOMORPHIC");
      assert.ok(lost.slice(1).every((state) => state === "MEGAMORPHIC"), lost.join(", "));
    } else {
      t.diagnostic(`this Node keeps the literal's record without help (${lost.join(", ")})`);
    }
  });

  test("the kept object is a tick object, held once", async () => {
    const { keepTickObject, keptTickObject } = await import("../../lib/server/keep-tick-object");
    await new Promise((resolve) => process.nextTick(resolve));
    const first = keptTickObject();
    assert.ok(first);
    assert.equal(typeof (first as { callback?: unknown }).callback, "function");
    keepTickObject();
    await new Promise((resolve) => process.nextTick(resolve));
    assert.equal(keptTickObject(), first);
  });
});

test("the self-test keeps nothing but a tick object, and says so once", (t) => {
  const warn = t.mock.method(log, "warn", () => undefined);
  return import("../../lib/server/keep-tick-object").then(({ checkTickObject }) => {
    assert.equal(checkTickObject({ callback: () => undefined, [Symbol("a")]: 1, [Symbol("b")]: 2 }), true);
    assert.equal(checkTickObject(undefined), false);
    assert.equal(checkTickObject({ [Symbol("a")]: 1, [Symbol("b")]: 2 }), false, "no callback: not a tick object");
    assert.equal(checkTickObject({ callback: () => undefined }), false, "no async ids: not a tick object");
    assert.deepEqual(warn.mock.calls.map((call) => (call.arguments[1] as { workaround: string }).workaround), Array(3).fill("HOP_WORKAROUND_TICK_OBJECT"));
  });
});
