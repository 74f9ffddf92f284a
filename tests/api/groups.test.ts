import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addKey, api, createAccount, type TestAccount } from "../helpers/api";
import { type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";

describe("groups", () => {
  let server: HopServer;
  before(async () => {
    server = await sharedServer();
  });
  after(() => server.stop());

  const link = async (account: TestAccount, slug: string) =>
    (await api(server, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com", slug } })).body.data;

  test("POST and GET /v1/groups", async () => {
    const account = await createAccount(server);
    const created = await api(server, "POST", "/v1/groups", { key: account.key, body: { name: "  Spring  ", description: "Campaign" } });
    assert.equal(created.status, 201);
    assert.equal(created.body.name, "Spring");
    assert.equal(created.body.description, "Campaign");
    assert.match(created.body.id, /^grp_/);
    await link(account, "grouped-1");
    await api(server, "PATCH", `/v1/groups/${created.body.id}/links`, { key: account.key, body: { linkIds: ["grouped-1"] } });
    const list = await api(server, "GET", "/v1/groups", { key: account.key });
    assert.deepEqual(list.body, { data: [{ id: created.body.id, name: "Spring", description: "Campaign", linkCount: 1, createdAt: created.body.createdAt }] });
    for (const body of [{}, { name: "" }, { name: "x".repeat(101) }, { name: 7 }]) {
      const res = await api(server, "POST", "/v1/groups", { key: account.key, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error.field, "name");
    }
    assert.equal((await api(server, "POST", "/v1/groups", { key: account.key, body: { name: "x".repeat(100) } })).status, 201);
  });

  test("PATCH /v1/groups/{id}/links adds and removes, with partial success", async () => {
    const account = await createAccount(server);
    const group = (await api(server, "POST", "/v1/groups", { key: account.key, body: { name: "G" } })).body;
    await link(account, "gl-a");
    await link(account, "gl-b");
    const add = await api(server, "PATCH", `/v1/groups/${group.id}/links`, { key: account.key, body: { linkIds: ["gl-a", "gl-b", "gl-missing"] } });
    assert.equal(add.status, 200);
    assert.equal(add.body.groupId, group.id);
    assert.equal(add.body.updated, 2);
    assert.deepEqual(add.body.failed, [{ linkId: "gl-missing", error: { code: "link_not_found", message: "No link 'gl-missing'." } }]);
    assert.equal((await api(server, "GET", "/v1/links/gl-a", { key: account.key })).body.data.groupId, group.id);
    const remove = await api(server, "PATCH", `/v1/groups/${group.id}/links`, { key: account.key, body: { linkIds: ["gl-a"], action: "remove" } });
    assert.equal(remove.body.updated, 1);
    assert.equal((await api(server, "GET", "/v1/links/gl-a", { key: account.key })).body.data.groupId, null);
    const bad = await api(server, "PATCH", `/v1/groups/${group.id}/links`, { key: account.key, body: { linkIds: ["gl-a"], action: "move" } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.field, "action");
    const missing = await api(server, "PATCH", "/v1/groups/grp_nope/links", { key: account.key, body: { linkIds: ["gl-a"] } });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error.code, "group_not_found");
  });

  test("DELETE /v1/groups/{id} ungroups its links and keeps them", async () => {
    const account = await createAccount(server);
    const group = (await api(server, "POST", "/v1/groups", { key: account.key, body: { name: "Doomed" } })).body;
    await link(account, "kept-1");
    await link(account, "kept-2");
    await api(server, "PATCH", `/v1/groups/${group.id}/links`, { key: account.key, body: { linkIds: ["kept-1", "kept-2"] } });
    const res = await api(server, "DELETE", `/v1/groups/${group.id}`, { key: account.key });
    assert.equal(res.status, 200);
    assert.equal(res.body.id, group.id);
    assert.equal(res.body.linksUngrouped, 2);
    assert.equal(typeof res.body.message, "string");
    const kept = await api(server, "GET", "/v1/links/kept-1", { key: account.key });
    assert.equal(kept.status, 200);
    assert.equal(kept.body.data.groupId, null);
    assert.equal((await api(server, "DELETE", `/v1/groups/${group.id}`, { key: account.key })).status, 404);
  });

  test("roles: creators write groups, viewers read only", async () => {
    const account = await createAccount(server);
    const creator = await addKey(server, account.email, "creator");
    const viewer = await addKey(server, account.email, "viewer");
    assert.equal((await api(server, "POST", "/v1/groups", { key: creator.key, body: { name: "c" } })).status, 201);
    assert.equal((await api(server, "POST", "/v1/groups", { key: viewer.key, body: { name: "v" } })).status, 403);
    assert.equal((await api(server, "GET", "/v1/groups", { key: viewer.key })).status, 200);
  });
});
