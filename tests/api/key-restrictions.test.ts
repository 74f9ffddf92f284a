import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";
import { api, createAccount, type TestAccount } from "../helpers/api";

// Keys restricted to groups or domains (docs/decisions/031-key-scopes.md): such a key reads,
// lists, changes and creates only links inside them; everything else is as if it did not exist
// (404, left out of lists), and a create outside them is 403 outside_key_restrictions.

const SYSTEM = "sys.hop.test";
let n = 0;
const slug = () => `r-${Date.now().toString(36)}-${(n += 1)}`;

describe("API key restrictions", () => {
  let server: HopServer;
  let owner: TestAccount;
  let inside: string;
  let outside: string;
  let ungrouped: string;
  let groupA: string;
  let groupB: string;
  let groupKey: string;
  before(async () => {
    server = await startServer({ env: { SYSTEM_DOMAINS: SYSTEM } });
    owner = await createAccount(server);
    groupA = (await api(server, "POST", "/v1/groups", { key: owner.key, body: { name: "A" } })).body.id;
    groupB = (await api(server, "POST", "/v1/groups", { key: owner.key, body: { name: "B" } })).body.id;
    const make = async (body: Record<string, unknown>) => (await api(server, "POST", "/v1/links", { key: owner.key, body: { url: "https://example.com/x", slug: slug(), ...body } })).body.data.id as string;
    inside = await make({ groupId: groupA });
    outside = await make({ groupId: groupB });
    ungrouped = await make({});
    groupKey = String((await admin(server, "key", "create", "--email", owner.email, "--role", "full", "--groups", groupA)).key);
  });
  after(() => server.stop());

  test("a group-restricted key lists, exports and finds only its groups' links", async () => {
    const list = await api(server, "GET", "/v1/links", { key: groupKey });
    assert.deepEqual(list.body.data.map((l: { id: string }) => l.id), [inside]);
    assert.equal(list.body.pagination.totalCount, 1);
    const csv = await api(server, "GET", "/v1/links/export", { key: groupKey });
    assert.equal(csv.text.trim().split("\n").length, 2, "the header and the one link");
    assert.equal((await api(server, "GET", `/v1/links/${inside}`, { key: groupKey })).status, 200);
    for (const id of [outside, ungrouped]) {
      assert.equal((await api(server, "GET", `/v1/links/${id}`, { key: groupKey })).status, 404, `get ${id}`);
      assert.equal((await api(server, "GET", `/v1/links/${id}/qr`, { key: groupKey })).status, 404, `qr ${id}`);
      assert.equal((await api(server, "GET", `/v1/analytics/links/${id}`, { key: groupKey })).status, 404, `analytics ${id}`);
      assert.equal((await api(server, "PUT", `/v1/links/${id}`, { key: groupKey, body: { title: "no" } })).status, 404, `put ${id}`);
      assert.equal((await api(server, "PATCH", `/v1/links/${id}/status`, { key: groupKey, body: { setActive: false } })).status, 404, `status ${id}`);
      assert.equal((await api(server, "DELETE", `/v1/links/${id}`, { key: groupKey })).status, 404, `delete ${id}`);
    }
    const bulk = await api(server, "DELETE", "/v1/links/bulk", { key: groupKey, body: { links: [outside] } });
    assert.equal(bulk.body.results.failed.length, 1);
    const still = await api(server, "GET", `/v1/links/${outside}`, { key: owner.key });
    assert.equal(still.status, 200, "the link outside was not touched");
    assert.equal((await api(server, "PUT", `/v1/links/${inside}`, { key: groupKey, body: { title: "yes" } })).status, 200);
  });

  test("a group-restricted key creates only in its groups and sees only its groups", async () => {
    for (const body of [{}, { groupId: groupB }]) {
      const res = await api(server, "POST", "/v1/links", { key: groupKey, body: { url: "https://example.com/y", slug: slug(), ...body } });
      assert.equal(res.status, 403, JSON.stringify(body));
      assert.equal(res.body.error.code, "outside_key_restrictions");
    }
    assert.equal((await api(server, "POST", "/v1/links", { key: groupKey, body: { url: "https://example.com/y", slug: slug(), groupId: groupA } })).status, 201);
    const bulk = await api(server, "POST", "/v1/links/bulk", { key: groupKey, body: { links: [{ url: "https://example.com/z", slug: slug() }] } });
    assert.equal(bulk.body.results.failed[0].error.code, "outside_key_restrictions");
    const imported = await api(server, "POST", "/v1/links/import", { key: groupKey, raw: `url,slug\nhttps://example.com/i,${slug()}\n`, headers: { "content-type": "text/csv" } });
    assert.equal(imported.status, 200);
    assert.equal(imported.body.created, 0);
    assert.equal(imported.body.failed[0].code, "outside_key_restrictions", JSON.stringify(imported.body));
    const groups = await api(server, "GET", "/v1/groups", { key: groupKey });
    assert.deepEqual(groups.body.data.map((g: { id: string }) => g.id), [groupA]);
    assert.equal((await api(server, "DELETE", `/v1/groups/${groupB}`, { key: groupKey })).status, 404);
    const moved = await api(server, "PATCH", `/v1/groups/${groupA}/links`, { key: groupKey, body: { action: "add", linkIds: [outside] } });
    assert.equal(moved.body.updated, 0);
    assert.equal((await api(server, "PATCH", `/v1/groups/${groupB}/links`, { key: groupKey, body: { action: "add", linkIds: [inside] } })).status, 404);
  });

  test("a domain-restricted key keeps to its domain", async () => {
    const onSystem = (await api(server, "POST", "/v1/links", { key: owner.key, body: { url: "https://example.com/s", slug: slug(), domain: SYSTEM } })).body.data.id;
    const key = String((await admin(server, "key", "create", "--email", owner.email, "--scopes", "links:read,links:write", "--domains", SYSTEM)).key);
    const list = await api(server, "GET", "/v1/links", { key });
    assert.deepEqual(list.body.data.map((l: { id: string }) => l.id), [onSystem]);
    assert.equal((await api(server, "GET", `/v1/links/${inside}`, { key })).status, 404);
    const primary = await api(server, "POST", "/v1/links", { key, body: { url: "https://example.com/p", slug: slug() } });
    assert.equal(primary.status, 403);
    assert.equal(primary.body.error.code, "outside_key_restrictions");
    assert.equal((await api(server, "POST", "/v1/links", { key, body: { url: "https://example.com/p", slug: slug(), domain: SYSTEM } })).status, 201);
  });

  test("two accounts: a restricted key of one never reaches the other's links", async () => {
    const other = await createAccount(server);
    const theirGroup = (await api(server, "POST", "/v1/groups", { key: other.key, body: { name: "Theirs" } })).body.id;
    const theirs = (await api(server, "POST", "/v1/links", { key: other.key, body: { url: "https://example.com/t", slug: slug(), groupId: theirGroup } })).body.data.id;
    await assert.rejects(admin(server, "key", "create", "--email", owner.email, "--groups", theirGroup), /failed/, "another account's group is refused");
    assert.equal((await api(server, "GET", `/v1/links/${theirs}`, { key: groupKey })).status, 404);
    const theirKey = String((await admin(server, "key", "create", "--email", other.email, "--groups", theirGroup)).key);
    assert.equal((await api(server, "GET", `/v1/links/${inside}`, { key: theirKey })).status, 404);
    assert.deepEqual((await api(server, "GET", "/v1/links", { key: theirKey })).body.data.map((l: { id: string }) => l.id), [theirs]);
  });
});
