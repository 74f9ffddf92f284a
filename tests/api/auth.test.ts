import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addKey, api, createAccount } from "../helpers/api";
import { admin, cli, startServer, type HopServer } from "../../scripts/harness/hop-server";

const INVALID = { error: { code: "invalid_api_key", message: "The API key is malformed, unknown or revoked." } };
const MISSING = { error: { code: "missing_api_key", message: "Send your API key as 'Authorization: Bearer <key>'." } };

describe("authentication", () => {
  let server: HopServer;
  before(async () => {
    // Logging on, so the test below can prove no key or Authorization header reaches the log.
    server = await startServer({ env: { HOP_LOG: "info" } });
  });
  after(() => server.stop());

  test("no Authorization header, or an empty one → 401 missing_api_key", async () => {
    for (const headers of [{}, { authorization: "" }, { authorization: "   " }] as Array<Record<string, string>>) {
      const res = await api(server, "GET", "/v1/account/usage", { headers });
      assert.equal(res.status, 401);
      assert.deepEqual(res.body, MISSING);
      assert.equal(res.headers.get("x-ratelimit-limit"), null);
    }
  });

  test("a header that is not Bearer <key>, a malformed key or an unknown key → 401 invalid_api_key", async () => {
    const { key } = await createAccount(server);
    const cases = [
      `Basic ${Buffer.from("user:pass").toString("base64")}`,
      "Bearer",
      "Bearer ",
      `Token ${key}`,
      `Bearer ${key} extra`,
      `Bearer ${key.slice(0, -1)}`,
      `Bearer ${key}x`,
      `Bearer hop_live_pk_${"A".repeat(40)}`,
      `Bearer hop_live_pk_${"ab".repeat(32)}`,
      `Bearer other_live_pk_${"A".repeat(40)}`,
    ];
    for (const authorization of cases) {
      const res = await api(server, "GET", "/v1/account/usage", { headers: { authorization } });
      assert.equal(res.status, 401, authorization);
      assert.deepEqual(res.body, INVALID, authorization);
    }
    assert.equal((await api(server, "GET", "/v1/account/usage", { key })).status, 200);
  });

  test("a key revoked by the CLI while the server runs is refused on the very next request", async () => {
    const account = await createAccount(server);
    const second = await addKey(server, account.email, "full");
    assert.equal((await api(server, "GET", "/v1/account/usage", { key: account.key })).status, 200);
    const revoked = await cli(server, "key", "revoke", "--id", account.keyId);
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.deepEqual(JSON.parse(revoked.stdout), { id: account.keyId, revoked: true });
    const res = await api(server, "GET", "/v1/account/usage", { key: account.key });
    assert.equal(res.status, 401);
    assert.deepEqual(res.body, INVALID);
    assert.equal((await api(server, "GET", "/v1/account/usage", { key: second.key })).status, 200, "other keys keep working");
    const again = await cli(server, "key", "revoke", "--id", account.keyId);
    assert.equal(again.code, 1, "revocation is permanent and reported once");
  });

  test("a free plan gets 403 plan_upgrade_required with currentPlan and the rate-limit headers", async () => {
    const { key } = await createAccount(server, { plan: "free" });
    const res = await api(server, "GET", "/v1/account/limits", { key });
    assert.equal(res.status, 403);
    assert.equal(res.body.error.code, "plan_upgrade_required");
    assert.equal(res.body.error.currentPlan, "free");
    assert.equal(typeof res.body.error.message, "string");
    assert.equal(res.headers.get("x-ratelimit-limit"), "0");
    assert.equal(res.headers.get("x-ratelimit-remaining"), "0");
    assert.match(res.headers.get("x-ratelimit-reset") ?? "", /^\d+$/);
  });

  test("upgrading the plan opens the API on the next request", async () => {
    const account = await createAccount(server, { plan: "free" });
    assert.equal((await api(server, "GET", "/v1/account/usage", { key: account.key })).status, 403);
    await admin(server, "account", "set-plan", "--email", account.email, "--plan", "scaling");
    const res = await api(server, "GET", "/v1/account/usage", { key: account.key });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.rateLimit, { hourly: 5000, daily: 50000 });
  });

  test("keys are stored hashed: the server never logs a key or an Authorization header", async () => {
    const account = await createAccount(server);
    await api(server, "GET", "/v1/account/usage", { key: account.key });
    await api(server, "GET", "/v1/account/usage", { headers: { authorization: `Bearer ${account.key}x` } });
    assert.ok(!server.logs().includes(account.key.slice(12)), "the key's secret part appears in the log");
    assert.ok(!/bearer/i.test(server.logs()), "an Authorization header appears in the log");
    assert.match(server.logs(), /"message":"listening"/, "the server does log");
  });

  test("an account holds at most 10 active keys", async () => {
    const account = await createAccount(server);
    for (let i = 0; i < 9; i += 1) await addKey(server, account.email, "viewer");
    await assert.rejects(addKey(server, account.email, "viewer"), /quota_exceeded/);
    await cli(server, "key", "revoke", "--id", account.keyId);
    await addKey(server, account.email, "viewer");
  });
});
