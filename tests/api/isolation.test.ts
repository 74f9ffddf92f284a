import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";

// Two accounts on one server: nothing of one is visible or writable to the other (always 404,
// never 403, so existence is not revealed).
describe("two-account isolation", () => {
  let server: HopServer;
  let alice: TestAccount;
  let bob: TestAccount;
  let link: { id: string; url: string };
  let group: { id: string };
  let preset: { id: string };
  let website: { id: string };
  before(async () => {
    server = await sharedServer();
    alice = await createAccount(server);
    bob = await createAccount(server);
    link = (await api(server, "POST", "/v1/links", { key: alice.key, body: { url: "https://example.com", slug: "alices-link" } })).body.data;
    group = (await api(server, "POST", "/v1/groups", { key: alice.key, body: { name: "Alice's" } })).body;
    preset = (await api(server, "POST", "/v1/geo-presets", { key: alice.key, body: { name: "A", countries: ["FR"] } })).body;
    website = (await api(server, "POST", "/v1/websites", { key: alice.key, body: { websiteId: "w", templateId: "simple-stack-v2", customSlug: "alices-page", data: { profile: { name: "Alice" }, links: [{ type: "contact", id: "c" }] } } })).body;
  });
  after(() => server.stop());

  test("links", async () => {
    assert.equal((await api(server, "GET", `/v1/links/${link.id}`, { key: bob.key })).status, 404);
    assert.equal((await api(server, "GET", `/v1/links/${encodeURIComponent(link.url)}`, { key: bob.key })).status, 404);
    assert.equal((await api(server, "PUT", `/v1/links/${link.id}`, { key: bob.key, body: { title: "mine" } })).status, 404);
    assert.equal((await api(server, "PATCH", `/v1/links/${link.id}/status`, { key: bob.key, body: { setActive: false } })).status, 404);
    assert.equal((await api(server, "DELETE", `/v1/links/${link.id}`, { key: bob.key })).status, 404);
    assert.equal((await api(server, "DELETE", "/v1/links/bulk", { key: bob.key, body: { links: [link.id] } })).body.deletedCount, 0);
    assert.deepEqual((await api(server, "GET", "/v1/links", { key: bob.key })).body.data, []);
    assert.equal((await api(server, "GET", `/v1/links/${link.id}`, { key: alice.key })).body.data.isActive, true, "untouched");
  });

  test("groups", async () => {
    assert.deepEqual((await api(server, "GET", "/v1/groups", { key: bob.key })).body.data, []);
    assert.equal((await api(server, "PATCH", `/v1/groups/${group.id}/links`, { key: bob.key, body: { linkIds: [link.id] } })).status, 404);
    assert.equal((await api(server, "DELETE", `/v1/groups/${group.id}`, { key: bob.key })).status, 404);
    const bobsGroup = (await api(server, "POST", "/v1/groups", { key: bob.key, body: { name: "Bob's" } })).body;
    const steal = await api(server, "PATCH", `/v1/groups/${bobsGroup.id}/links`, { key: bob.key, body: { linkIds: [link.id] } });
    assert.equal(steal.body.updated, 0);
    assert.equal(steal.body.failed[0].error.code, "link_not_found");
    const own = await api(server, "POST", "/v1/links", { key: bob.key, body: { url: "https://example.com", slug: "bobs-link", groupId: group.id } });
    assert.equal(own.body.code, "GROUP_NOT_FOUND");
  });

  test("geo presets", async () => {
    assert.deepEqual((await api(server, "GET", "/v1/geo-presets", { key: bob.key })).body.data, []);
    assert.equal((await api(server, "PUT", `/v1/geo-presets/${preset.id}`, { key: bob.key, body: { name: "x" } })).status, 404);
    assert.equal((await api(server, "DELETE", `/v1/geo-presets/${preset.id}`, { key: bob.key })).status, 404);
    const use = await api(server, "POST", "/v1/links", { key: bob.key, body: { url: "https://example.com", slug: "bobs-geo", geoRules: [{ presetId: preset.id, redirectUrl: "https://x.io" }] } });
    assert.equal(use.status, 400);
    assert.equal(use.body.error.field, "geoRules[0].presetId");
  });

  test("websites and the contacts they collected", async () => {
    assert.equal((await api(server, "GET", `/v1/websites/${website.id}`, { key: bob.key })).status, 404);
    assert.equal((await api(server, "GET", `/v1/websites/${website.id}/contacts`, { key: bob.key })).status, 404);
    assert.equal((await api(server, "POST", `/v1/websites/${website.id}/duplicate`, { key: bob.key, body: { slug: "bobs-copy" } })).status, 404);
    assert.equal((await api(server, "GET", `/v1/analytics/links/${website.id}`, { key: bob.key })).status, 404);
    const rule = await api(server, "POST", "/v1/websites", { key: bob.key, body: { websiteId: "w", templateId: "simple-stack-v2", data: { settings: { geoRules: [{ presetId: preset.id, redirectUrl: "https://x.io" }] } } } });
    assert.equal(rule.status, 400);
    assert.equal(rule.body.error.field, "data.settings.geoRules[0].presetId");
    assert.equal((await api(server, "GET", `/v1/websites/${website.id}/contacts`, { key: alice.key })).status, 200);
  });
});
