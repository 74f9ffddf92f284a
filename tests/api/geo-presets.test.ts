import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addKey, api, createAccount } from "../helpers/api";
import { type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";

describe("geo presets", () => {
  let server: HopServer;
  before(async () => {
    server = await sharedServer();
  });
  after(() => server.stop());

  test("create, list, update and delete; countries stored as ISO codes", async () => {
    const account = await createAccount(server);
    const created = await api(server, "POST", "/v1/geo-presets", { key: account.key, body: { name: "Nordics", countries: ["Sweden", "no", "DK", "denmark"] } });
    assert.equal(created.status, 201);
    assert.deepEqual(created.body.countries, ["SE", "NO", "DK"]);
    assert.deepEqual(Object.keys(created.body).sort(), ["countries", "createdAt", "id", "name"]);
    const list = await api(server, "GET", "/v1/geo-presets", { key: account.key });
    assert.deepEqual(list.body, { data: [created.body] });
    const updated = await api(server, "PUT", `/v1/geo-presets/${created.body.id}`, { key: account.key, body: { name: "Scandinavia" } });
    assert.equal(updated.status, 200);
    assert.equal(updated.body.name, "Scandinavia");
    assert.deepEqual(updated.body.countries, ["SE", "NO", "DK"]);
    const deleted = await api(server, "DELETE", `/v1/geo-presets/${created.body.id}`, { key: account.key });
    assert.equal(deleted.status, 200);
    assert.deepEqual((await api(server, "GET", "/v1/geo-presets", { key: account.key })).body, { data: [] });
  });

  test("unknown country names and bad bodies are 400 with field; missing presets 404", async () => {
    const account = await createAccount(server);
    const unknown = await api(server, "POST", "/v1/geo-presets", { key: account.key, body: { name: "X", countries: ["France", "Narnia"] } });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.error.code, "invalid_request");
    assert.equal(unknown.body.error.field, "countries", "the contract names the list");
    assert.match(unknown.body.error.message, /Narnia/);
    assert.equal((await api(server, "POST", "/v1/geo-presets", { key: account.key, body: { name: "X", countries: [] } })).body.error.field, "countries");
    assert.equal((await api(server, "POST", "/v1/geo-presets", { key: account.key, body: { countries: ["FR"] } })).body.error.field, "name");
    const missing = await api(server, "PUT", "/v1/geo-presets/geo_nope", { key: account.key, body: { name: "x" } });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error.code, "geo_preset_not_found");
    assert.equal((await api(server, "DELETE", "/v1/geo-presets/geo_nope", { key: account.key })).status, 404);
  });

  test("roles: creators write presets, viewers read only", async () => {
    const account = await createAccount(server);
    const viewer = await addKey(server, account.email, "viewer");
    const creator = await addKey(server, account.email, "creator");
    assert.equal((await api(server, "POST", "/v1/geo-presets", { key: viewer.key, body: { name: "v", countries: ["FR"] } })).status, 403);
    assert.equal((await api(server, "POST", "/v1/geo-presets", { key: creator.key, body: { name: "c", countries: ["FR"] } })).status, 201);
    assert.equal((await api(server, "GET", "/v1/geo-presets", { key: viewer.key })).status, 200);
  });
});
