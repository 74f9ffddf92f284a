import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { test } from "node:test";
import { serverArgs } from "../../scripts/server-command.mjs";
import { ConfigError, readConfig } from "../../lib/config";
import { withoutCredentials } from "../../lib/log";

// Settings checked at start (docs/operations.md, "Settings"): a guessable AUTH_SECRET, a service URL
// of the wrong kind, and a metrics listener open beyond loopback without a token stop the start;
// a secret or a URL's password never appears in what is printed or logged.

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const PASSWORD = "s3cret-never-printed";

function refusal(env: Record<string, string>): string {
  try {
    readConfig(env);
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.message;
  }
  assert.fail(`accepted ${JSON.stringify(env)}`);
}

test("AUTH_SECRET is at least 32 characters; the value is never echoed", () => {
  const message = refusal({ AUTH_SECRET: "short-secret" });
  assert.match(message, /AUTH_SECRET=\(hidden, 12 characters\): must be at least 32 characters/);
  assert.doesNotMatch(message, /short-secret/);
  assert.equal(readConfig({ AUTH_SECRET: "x".repeat(32) }).authSecret, "x".repeat(32));
});

test("DATABASE_URL, REDIS_URL and SMTP_URL must be of their scheme and parse; a password in them is masked", () => {
  const cases: Array<[string, string, RegExp]> = [
    ["DATABASE_URL", `mysql://hop:${PASSWORD}@db.example/hop`, /postgres:\/\/ or postgresql:\/\//],
    ["DATABASE_URL", `postgres//hop:${PASSWORD}@db/hop`, /postgres:\/\//],
    ["REDIS_URL", `http://:${PASSWORD}@cache.example:6379`, /redis:\/\/ or rediss:\/\//],
    ["REDIS_URL", `redis://:${PASSWORD}@cache.example:notaport`, /redis:\/\//],
    ["REDIS_URL", `redis://:${PASSWORD} @cache.example:6379`, /redis:\/\//],
    ["SMTP_URL", `https://mail:${PASSWORD}@smtp.example:587`, /smtp:\/\/ or smtps:\/\//],
  ];
  for (const [name, value, expected] of cases) {
    const message = refusal({ [name]: value });
    assert.match(message, new RegExp(`${name}="[a-z]*:?/*\\*\\*\\*@`), message);
    assert.match(message, expected);
    assert.doesNotMatch(message, new RegExp(PASSWORD), message);
  }
  for (const [name, value] of [["DATABASE_URL", "postgresql://hop@127.0.0.1:5432/hop"], ["DATABASE_URL", "postgres:///hop?host=/run/postgresql"], ["REDIS_URL", "rediss://:p@cache.example:6380/0"], ["SMTP_URL", "smtps://u:p@smtp.example:465"]]) {
    assert.doesNotThrow(() => readConfig({ [name]: value }), value);
  }
});

test("a metrics listener beyond loopback needs METRICS_TOKEN", () => {
  assert.match(refusal({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" }), /METRICS_HOST="0.0.0.0": a metrics listener beyond loopback needs METRICS_TOKEN/);
  assert.equal(readConfig({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0", METRICS_TOKEN: "t".repeat(16) }).metricsHost, "0.0.0.0");
  assert.equal(readConfig({ METRICS_PORT: "9464" }).metricsHost, "127.0.0.1");
  assert.match(refusal({ METRICS_PORT: "70000" }), /METRICS_PORT/);
});

test("a log line never carries a URL's user name and password", () => {
  assert.equal(withoutCredentials(`connect failed: redis://default:${PASSWORD}@cache:6379 and postgres://hop:${PASSWORD}@db/hop`), "connect failed: redis://***@cache:6379 and postgres://***@db/hop");
});

test("the server refuses a malformed REDIS_URL and prints no password", () => {
  const result = spawnSync(process.execPath, serverArgs(), {
    cwd: ROOT,
    env: { ...process.env, HOP_LOG: "info", REDIS_URL: `redis://:${PASSWORD}@127.0.0.1:notaport`, DATA_DIR: path.join(ROOT, "tmp", "config-secrets-never-made") },
    encoding: "utf8",
    timeout: 60_000,
  });
  assert.equal(result.status, 1);
  assert.match(result.stderr, /REDIS_URL="redis:\/\/\*\*\*@127\.0\.0\.1:notaport": must be a redis:\/\/ or rediss:\/\/ URL/);
  assert.doesNotMatch(result.stdout + result.stderr, new RegExp(PASSWORD));
});
