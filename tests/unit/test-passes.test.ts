import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { EMBEDDED_ONLY, nextStartPassFiles, NOT_UNDER_NEXT_START, STORAGE_SIGNS, storagePassFiles } from "../../scripts/test-passes.mjs";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const files = (dir: string) => readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith(".test.ts")).map((f) => `${dir}/${f}`);

describe("the PostgreSQL + Redis pass runs every file whose behaviour can depend on storage", () => {
  test("every embedded-only file exists, says why, and shows no sign of depending on the database or Redis", () => {
    for (const [file, why] of EMBEDDED_ONLY) {
      assert.ok(existsSync(path.join(ROOT, file)), `${file} is listed but does not exist`);
      assert.ok(why.length > 10, `${file}: say why it runs on the embedded database only`);
      const sign = STORAGE_SIGNS.exec(readFileSync(path.join(ROOT, file), "utf8"));
      assert.equal(sign, null, `${file} names "${sign?.[0]}": it depends on storage, so it runs in both passes`);
    }
  });

  test("HTTP tests run in both passes unless listed; unit tests when they open a database, Redis or a server", () => {
    const api = files("tests/api");
    const unit = files("tests/unit");
    const chosen = new Set(storagePassFiles(ROOT, [...api, ...unit]));
    for (const file of api) assert.equal(chosen.has(file), !EMBEDDED_ONLY.has(file), file);
    assert.ok(chosen.has("tests/unit/schema-drift.test.ts"), "a unit test that reads the database address is in the storage pass");
    assert.ok(!chosen.has("tests/unit/test-passes.test.ts"), "a pure unit test is not");
  });
});

describe("the next start pass runs the visitor, links and webhook suites", () => {
  test("every suite but the listed ones, each listed one existing with why", () => {
    const chosen = new Set(nextStartPassFiles(files("tests/api")));
    for (const [file, why] of NOT_UNDER_NEXT_START) {
      assert.ok(existsSync(path.join(ROOT, file)), `${file} is listed but does not exist`);
      assert.ok(why.length > 10, `${file}: say why it stays out of the next start pass`);
      assert.ok(!chosen.has(file), file);
    }
    for (const file of files("tests/api")) {
      const suite = /^tests\/api\/(visit-|links-|webhooks)/.test(file);
      assert.equal(chosen.has(file), suite && !NOT_UNDER_NEXT_START.has(file), file);
    }
    assert.ok(chosen.has("tests/api/webhooks.test.ts") && chosen.has("tests/api/visit-cache.test.ts"));
  });
});
