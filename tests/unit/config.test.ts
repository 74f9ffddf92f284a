import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { serverArgs } from "../../scripts/server-command.mjs";
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
  assert.equal(tunables.EVENT_FLUSH_MS, 500);
  assert.equal(tunables.EVENT_QUEUE_MAX, 1_000_000);
  assert.equal(tunables.HOP_LIMIT_KEYS_MAX, 100_000);
  assert.equal(readConfig({ EVENT_FLUSH_MS: "250" }).tunables.EVENT_FLUSH_MS, 250);
  assert.equal(readConfig({ HOSTING_DEPLOY_WAIT_MS: "0" }).tunables.HOSTING_DEPLOY_WAIT_MS, 0);
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
