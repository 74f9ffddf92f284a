import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addKey, api, createAccount, type TestAccount } from "../helpers/api";
import { admin, cli, type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";
import { visit } from "../helpers/visit";

describe("GET /v1/analytics/links/{identifier}", () => {
  let server: HopServer;
  let owner: TestAccount;
  before(async () => {
    server = await sharedServer({ env: { SYSTEM_DOMAINS: "sys.hop.test" } });
    owner = await createAccount(server);
    await api(server, "POST", "/v1/links", { key: owner.key, body: { url: "https://example.com", slug: "stats", domain: "sys.hop.test" } });
    for (let i = 0; i < 3; i += 1) await visit(server, "sys.hop.test", "/stats");
  });
  after(() => server.stop());

  const get = (key: string, path: string) => api(server, "GET", `/v1/analytics/links/${path}`, { key });

  test("by id, bare slug and URL-encoded short URL, with resolvedBy", async () => {
    const deadline = Date.now() + 10_000;
    let body;
    do body = (await get(owner.key, "sys.hop.test__stats")).body;
    while (body.totalViews < 3 && Date.now() < deadline);
    assert.equal(body.totalViews, 3);
    assert.equal(body.identifier, "sys.hop.test__stats");
    assert.equal(body.resolvedBy, "linkId");
    assert.equal((await get(owner.key, "stats")).body.resolvedBy, "slug");
    const byUrl = await get(owner.key, encodeURIComponent("http://sys.hop.test/stats"));
    assert.equal(byUrl.body.resolvedBy, "shortUrl");
    assert.equal(byUrl.body.id, "sys.hop.test__stats");
  });

  test("unknown links, another account's links → 404 { error }; viewers may read; team editors see the owner's", async () => {
    const stranger = await createAccount(server);
    assert.deepEqual((await get(owner.key, "nothing")).body, { error: "Link or website not found" });
    const other = await get(stranger.key, "sys.hop.test__stats");
    assert.equal(other.status, 404);
    assert.deepEqual(other.body, { error: "Link or website not found" });
    const viewer = await addKey(server, owner.email, "viewer");
    assert.equal((await get(viewer.key, "stats")).status, 200);
    const editor = await createAccount(server);
    await admin(server, "team", "add", "--owner", owner.email, "--member", editor.email, "--role", "editor");
    assert.equal((await get(editor.key, "stats")).body.id, "sys.hop.test__stats");
  });

  test("bad timeframes and dates are 400 invalid_request with field", async () => {
    for (const [query, field] of [["timeframe=yesterday", "timeframe"], ["from=2026-11-01", "to"], ["to=2026-11-01", "from"], ["from=2026-02-30&to=2026-03-01", "from"], ["from=2026-11-05&to=2026-11-01", "to"]]) {
      const res = await get(owner.key, `stats?${query}`);
      assert.equal(res.status, 400, query);
      assert.equal(res.body.error.code, "invalid_request", query);
      assert.equal(res.body.error.field, field, query);
    }
  });

  test("npm run cli -- analytics prints the same JSON for operators", async () => {
    const viaApi = (await get(owner.key, "sys.hop.test__stats?timeframe=last_7_days")).body;
    const result = await cli(server, "analytics", "sys.hop.test__stats", "--timeframe", "last_7_days");
    assert.equal(result.code, 0, result.stderr);
    const viaCli = JSON.parse(result.stdout);
    assert.deepEqual({ ...viaCli, lastViewed: null }, { ...viaApi, lastViewed: null });
    const missing = await cli(server, "analytics", "nope");
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /Link or website not found/);
    const rebuilt = await cli(server, "analytics", "rebuild", "--link", "sys.hop.test__stats");
    assert.equal(rebuilt.code, 0, rebuilt.stderr);
    assert.ok(JSON.parse(rebuilt.stdout).rollupRows > 0);
    assert.equal((await get(owner.key, "sys.hop.test__stats")).body.totalViews, 3, "same numbers after a rebuild");
  });
});
