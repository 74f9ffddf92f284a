import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { memoryFlags, serverArgs, serverArgsFor } from "../../scripts/server-command.mjs";
import { CONFIG_VARIABLES, ConfigError, readConfig } from "../../lib/config";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

function refusal(env: Record<string, string>): string {
  try {
    readConfig(env);
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.message;
  }
  assert.fail(`accepted ${JSON.stringify(env)}`);
}

test("tunables have their documented defaults and take whole numbers", () => {
  const { tunables } = readConfig({});
  assert.equal(tunables.EVENT_FLUSH_MS, 250);
  assert.equal(tunables.MEMORY_BUDGET_MB, 512);
  assert.equal(tunables.EVENT_QUEUE_MAX, 204_800);
  assert.equal(tunables.HOP_LIMIT_KEYS_MAX, 100_000);
  assert.equal(readConfig({ EVENT_FLUSH_MS: "250" }).tunables.EVENT_FLUSH_MS, 250);
  assert.equal(readConfig({ HOSTING_DEPLOY_WAIT_MS: "0" }).tunables.HOSTING_DEPLOY_WAIT_MS, 0);
});

test("the caches' and the event queue's defaults follow MEMORY_BUDGET_MB; a value that is set wins", () => {
  const at = (env: Record<string, string>) => readConfig(env).tunables;
  assert.deepEqual(
    [at({}).VISIT_CACHE_MAX_BYTES, at({}).UA_CACHE_MAX, at({}).GEO_CACHE_MAX],
    [32 * 1024 * 1024, 4096, 16_384],
  );
  const large = at({ MEMORY_BUDGET_MB: "2048" });
  assert.deepEqual([large.VISIT_CACHE_MAX_BYTES, large.EVENT_QUEUE_MAX, large.ESCAPE_PAGE_CACHE_MAX], [128 * 1024 * 1024, 819_200, 8192]);
  assert.equal(at({ MEMORY_BUDGET_MB: "2048", EVENT_QUEUE_MAX: "1000" }).EVENT_QUEUE_MAX, 1000);
  assert.match(refusal({ MEMORY_BUDGET_MB: "64" }), /MEMORY_BUDGET_MB="64": must be at least 128/);
});

test("the server's Node flags follow the budget and the database mode; NODE_OPTIONS wins", () => {
  assert.deepEqual(memoryFlags({}), ["--max-semi-space-size=4", "--max-old-space-size=307", "--liftoff-only"]);
  assert.deepEqual(memoryFlags({ DATABASE_URL: "postgres://x/y" }), ["--max-semi-space-size=4", "--max-old-space-size=307"]);
  assert.deepEqual(memoryFlags({ MEMORY_BUDGET_MB: "2048" }), ["--max-semi-space-size=16", "--max-old-space-size=1229"]);
  assert.deepEqual(memoryFlags({ NODE_OPTIONS: "--max-old-space-size=900" }), ["--max-semi-space-size=4", "--liftoff-only"]);
  assert.deepEqual(serverArgsFor({ MEMORY_BUDGET_MB: "1024", DATABASE_URL: "postgres://x/y" }).slice(-1), [".next/hop/server.mjs"]);
});

test("a mistyped value stops the start with the variable named, never NaN or a silent default", () => {
  assert.match(refusal({ EVENT_FLUSH_MS: "5s" }), /EVENT_FLUSH_MS="5s": must be a whole number/);
  assert.match(refusal({ EVENT_QUEUE_MAX: "abc" }), /EVENT_QUEUE_MAX="abc"/);
  assert.match(refusal({ HOP_LIMIT_KEYS_MAX: "0" }), /HOP_LIMIT_KEYS_MAX="0": must be at least 1/);
  assert.match(refusal({ HOP_DB_POOL_SIZE: "-1" }), /HOP_DB_POOL_SIZE/);
  assert.match(refusal({ PORT: "http" }), /PORT="http"/);
  const both = refusal({ UA_CACHE_MAX: "1e3", SIGNUP: "maybe" });
  assert.match(both, /UA_CACHE_MAX/);
  assert.match(both, /SIGNUP="maybe"/);
});

test("a workaround switch under a former name or misspelt stops the start, naming the switch to use", () => {
  assert.match(refusal({ HOP_WORKAROUND_REQUEST_STAMP: "off" }), /HOP_WORKAROUND_REQUEST_STAMP: renamed HOP_WORKAROUND_REQUEST_HOOK/);
  assert.match(refusal({ HOP_WORKAROUND_TICK_SHAPE: "off" }), /renamed HOP_WORKAROUND_TICK_OBJECT/);
  assert.match(refusal({ HOP_WORKAROUND_TICKOBJECT: "off" }), /HOP_WORKAROUND_TICKOBJECT: no such workaround switch \(the switches: .*HOP_WORKAROUND_TICK_OBJECT/);
  assert.equal(readConfig({ HOP_WORKAROUND_REQUEST_HOOK: "off" }).workarounds.requestHook, false);
});

test(".env.example lists every variable the configuration reads", () => {
  const example = readFileSync(path.join(ROOT, ".env.example"), "utf8");
  const listed = new Set([...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
  assert.deepEqual(CONFIG_VARIABLES.filter((name) => !listed.has(name)), []);
});

test("server.ts refuses to start on a bad value and says which", () => {
  const result = spawnSync(process.execPath, serverArgs(), {
    cwd: ROOT,
    env: { ...process.env, EVENT_FLUSH_MS: "5s", DATA_DIR: path.join(ROOT, "tmp", "config-test-never-made") },
    encoding: "utf8",
    timeout: 60_000,
  });
  assert.equal(result.status, 1);
  assert.match(result.stderr, /invalid configuration: EVENT_FLUSH_MS="5s"/);
});
