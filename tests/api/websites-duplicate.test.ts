import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { admin, type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";
import { PRIMARY, visit } from "../helpers/visit";

const SYSTEM = "sys.hop.test";

describe("POST /v1/websites/{id}/duplicate", () => {
  let server: HopServer;
  let account: TestAccount;
  let sourceId: string;
  before(async () => {
    server = await sharedServer({ env: { SYSTEM_DOMAINS: SYSTEM } });
    account = await createAccount(server);
    const source = await api(server, "POST", "/v1/websites", {
      key: account.key,
      body: { websiteId: "w", templateId: "music-onyx", customSlug: "original", deepLinkBehavior: "aggressive", data: { profile: { name: "Copy me" }, links: [{ type: "simple", title: "A", url: "https://a.example" }] } },
    });
    sourceId = source.body.id;
  });
  after(() => server.stop());

  const duplicate = (source: string, body: unknown, key = account.key) => api(server, "POST", `/v1/websites/${source}/duplicate`, { key, body });

  test("with only a slug the copy lives on the primary domain, with all content and settings", async () => {
    const res = await duplicate(sourceId, { slug: "the-copy" });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(res.body, { message: "Website duplicated", id: "the-copy", url: `http://${PRIMARY}/the-copy`, sourceId: "original" });
    const copy = (await api(server, "GET", "/v1/websites/the-copy", { key: account.key })).body.data;
    assert.equal(copy.templateId, "music-onyx");
    assert.deepEqual(copy.data, { profile: { name: "Copy me" }, links: [{ type: "simple", title: "A", url: "https://a.example/" }] }, "button URLs are stored normalized (new URL().href)");
    assert.equal((await visit(server, PRIMARY, "/the-copy")).status, 200);
  });

  test("on a system domain (slug required) and on a custom domain", async () => {
    const sys = await duplicate(sourceId, { domain: SYSTEM, slug: "copy-two" });
    assert.equal(sys.body.id, `${SYSTEM}__copy-two`);
    assert.deepEqual((await duplicate(sourceId, { domain: SYSTEM })).body, { error: "Missing custom slug" });
    const domain = `dup${Date.now().toString(36)}.example`;
    await api(server, "POST", "/v1/domains", { key: account.key, body: { domain } });
    await admin(server, "domain", "force-verify", "--domain", domain);
    const custom = await duplicate("original", { domain });
    assert.equal(custom.status, 201, custom.text);
    assert.equal(custom.body.id, domain);
    assert.equal((await visit(server, domain, "/")).status, 200);
  });

  test("errors: taken slug, nothing to do, unknown or another account's source, the plan limit", async () => {
    assert.deepEqual((await duplicate(sourceId, { slug: "original" })).body, { error: "Custom slug already taken" });
    const empty = await duplicate(sourceId, {});
    assert.equal(empty.status, 400);
    assert.equal(typeof empty.body.error, "string");
    const missing = await duplicate("no-such-page", { slug: "whatever-1" });
    assert.equal(missing.status, 404);
    assert.equal(typeof missing.body.error, "string");
    const stranger = await createAccount(server);
    assert.equal((await duplicate(sourceId, { slug: "stolen" }, stranger.key)).status, 404);
    await admin(server, "account", "set-limits", "--email", account.email, "--total", "1");
    const limited = await duplicate(sourceId, { slug: "over-limit" });
    assert.equal(limited.status, 403);
    assert.equal(typeof limited.body.error, "string");
    assert.ok(limited.body.currentUsed >= 1 && limited.body.totalLimit === 1 && limited.body.plan === "growth");
  });
});
