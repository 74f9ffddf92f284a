import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addKey, api, createAccount } from "../helpers/api";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";

describe("account endpoints", () => {
  let server: HopServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.stop());

  test("GET /v1/account/limits shows the plan, overrides and what is used", async () => {
    const account = await createAccount(server);
    const res = await api(server, "GET", "/v1/account/limits", { key: account.key });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, {
      plan: "growth",
      links: { totalLimit: 1000, activeLimit: 250, currentTotal: 0, currentActive: 0 },
      rateLimit: { hourly: 1000, daily: 10000 },
      apiKeys: { active: 1, max: 10 },
    });
    await admin(server, "account", "set-limits", "--email", account.email, "--total", "null", "--active", "7", "--daily", "20000");
    const after = await api(server, "GET", "/v1/account/limits", { key: account.key });
    assert.deepEqual(after.body.links, { totalLimit: null, activeLimit: 7, currentTotal: 0, currentActive: 0 });
    assert.deepEqual(after.body.rateLimit, { hourly: 1000, daily: 20000 });
  });

  test("GET /v1/account/profile is for full keys (and pre-role keys) only", async () => {
    const account = await createAccount(server);
    const legacy = await addKey(server, account.email, "legacy");
    const creator = await addKey(server, account.email, "creator");
    const viewer = await addKey(server, account.email, "viewer");
    const full = await api(server, "GET", "/v1/account/profile", { key: account.key });
    assert.equal(full.status, 200);
    assert.equal(full.body.id, account.id);
    assert.equal(full.body.email, account.email);
    assert.equal(full.body.plan, "growth");
    assert.equal(full.body.apiKey.id, account.keyId);
    assert.equal(full.body.apiKey.role, "full");
    assert.equal(full.body.apiKey.prefix, account.key.slice(0, 16));
    assert.deepEqual(full.body.teams, []);
    const old = await api(server, "GET", "/v1/account/profile", { key: legacy.key });
    assert.equal(old.status, 200);
    assert.equal(old.body.apiKey.role, "legacy");
    for (const key of [creator.key, viewer.key]) {
      const res = await api(server, "GET", "/v1/account/profile", { key });
      assert.equal(res.status, 403);
      assert.deepEqual(res.body, { error: { code: "forbidden", message: "This API key's role does not allow this request." } });
      assert.ok(res.headers.get("x-ratelimit-limit"), "a refused role still gets the rate-limit headers");
    }
  });

  test("the profile lists the teams the account belongs to", async () => {
    const owner = await createAccount(server);
    const member = await createAccount(server);
    await admin(server, "team", "add", "--owner", owner.email, "--member", member.email, "--role", "editor");
    const res = await api(server, "GET", "/v1/account/profile", { key: member.key });
    assert.deepEqual(res.body.teams, [{ ownerId: owner.id, ownerEmail: owner.email, role: "editor", status: "active" }]);
  });

  test("an unknown /v1 path answers 404 in the API's error shape", async () => {
    const account = await createAccount(server);
    const res = await api(server, "GET", "/v1/nothing-here", { key: account.key });
    assert.equal(res.status, 404);
    assert.equal(res.body.error.code, "not_found");
  });

  test("usage counters survive a restart", async () => {
    const account = await createAccount(server);
    for (let i = 0; i < 4; i += 1) await api(server, "GET", "/v1/account/limits", { key: account.key });
    await server.stop("SIGTERM", { keepData: true });
    server = await startServer({ reuse: server });
    const res = await api(server, "GET", "/v1/account/usage", { key: account.key });
    assert.equal(res.status, 200);
    assert.equal(res.body.totalRequests, 5);
    assert.equal(res.body.requestsThisHour, 5);
    assert.equal(res.body.requestsToday, 5);
  });
});
