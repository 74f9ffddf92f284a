import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addKey, api, createAccount, type TestAccount } from "../helpers/api";
import { PRIMARY, visit } from "../helpers/visit";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";

// POST /v1/websites/drafts/{id}/publish (docs/API.md, "Drafts"): a key publishes a draft through
// the editor's own use case: the address rules and errors of POST /v1/websites, the version check,
// one publish per draft, the audit entry, and drafts of other accounts (and of teams the key's
// account may not edit) answered as not found.

describe("POST /v1/websites/drafts/{id}/publish", () => {
  let server: HopServer;
  let owner: TestAccount;
  before(async () => {
    server = await startServer();
    owner = await createAccount(server);
  });
  after(() => server.stop());

  const draftOf = async (account: TestAccount, name: string) => {
    const res = await api(server, "POST", "/v1/websites/drafts", {
      key: account.key,
      body: { templateId: "bento-grid", semantic: { profile: { name, bio: "Drafted by a key" }, links: [{ title: "Notes", url: "https://notes.example/drafted" }] } },
    });
    assert.equal(res.status, 201, res.text);
    return res.body.data.id as string;
  };
  const publish = (key: string, id: string, body: unknown = {}) => api(server, "POST", `/v1/websites/drafts/${id}/publish`, { key, body });

  test("publishes the draft's page at its address: 201 with the website, the draft id and its new version; the page answers", async () => {
    const id = await draftOf(owner, "Ada Publish");
    const res = await publish(owner.key, id, { customSlug: "ada-published" });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(res.body, { message: "Website published", id: "ada-published", url: res.body.url, isActive: true, draftId: id, version: 2 });
    assert.match(res.body.url, /\/ada-published$/);

    const website = await api(server, "GET", "/v1/websites/ada-published", { key: owner.key });
    assert.equal(website.status, 200, website.text);
    assert.equal(website.body.data.templateId, "bento-grid");
    const page = await visit(server, PRIMARY, "/ada-published");
    assert.equal(page.status, 200);
    assert.match(page.body, /Ada Publish/);
    assert.match(page.body, /https:\/\/notes\.example\/drafted/);

    const audit = await api(server, "GET", "/v1/audit-log?action=website.published", { key: owner.key });
    assert.equal(audit.status, 200, audit.text);
    assert.deepEqual([audit.body.data[0].target.id, audit.body.data[0].actor.type, audit.body.data[0].actor.via], ["ada-published", "key", "api"]);

    const again = await publish(owner.key, id, { customSlug: "ada-again" });
    assert.deepEqual([again.status, again.body.error?.code], [409, "draft_already_published"]);
  });

  test("{} publishes at a generated /site/ address; a version that is not the draft's is 409 draft_changed with currentVersion", async () => {
    const id = await draftOf(owner, "Generated");
    const stale = await publish(owner.key, id, { version: 5 });
    assert.deepEqual([stale.status, stale.body.error?.code, stale.body.error?.currentVersion], [409, "draft_changed", 1]);
    const res = await publish(owner.key, id, { version: 1 });
    assert.equal(res.status, 201, res.text);
    assert.match(res.body.url, /\/site\/[a-z0-9]{10}$/);
  });

  test("a refused address is POST /v1/websites' error and leaves the draft publishable", async () => {
    const first = await draftOf(owner, "Taken");
    assert.equal((await publish(owner.key, first, { customSlug: "taken-page" })).status, 201);
    const id = await draftOf(owner, "Second");
    const taken = await publish(owner.key, id, { customSlug: "taken-page" });
    assert.deepEqual([taken.status, taken.body], [400, { error: "Custom slug already taken" }]);
    const badSlug = await publish(owner.key, id, { customSlug: "a b" });
    assert.deepEqual([badSlug.status, badSlug.body.code, badSlug.body.field], [400, "INVALID_SLUG", "slug"]);
    const notString = await publish(owner.key, id, { customSlug: 7 });
    assert.deepEqual([notString.status, notString.body.code], [400, "INVALID_SLUG"]);
    const domain = await publish(owner.key, id, { customDomain: "not-mine.example" });
    assert.deepEqual([domain.status, domain.body.code, domain.body.field], [403, "DOMAIN_NOT_FOUND", "customDomain"]);
    const system = await publish(owner.key, id, { systemDomain: "nope.example", customSlug: "second-page" });
    assert.deepEqual([system.status, system.body.code], [400, "UNKNOWN_SYSTEM_DOMAIN"]);
    const notObject = await api(server, "POST", `/v1/websites/drafts/${id}/publish`, { key: owner.key, body: ["customSlug"] });
    assert.deepEqual([notObject.status, notObject.body.error?.code], [400, "invalid_request"]);
    const published = await publish(owner.key, id, { version: 1, customSlug: "second-page" });
    assert.equal(published.status, 201, published.text);
  });

  test("at the plan's total limit the publish is refused with TOTAL_LINK_LIMIT_REACHED and nothing is made", async () => {
    const small = await createAccount(server);
    await admin(server, "account", "set-limits", "--email", small.email, "--total", "1");
    const id = await draftOf(small, "Over");
    assert.equal((await api(server, "POST", "/v1/links", { key: small.key, body: { url: "https://example.com/one", slug: "limit-one" } })).status, 201);
    const refused = await publish(small.key, id, { customSlug: "over-limit-page" });
    assert.deepEqual([refused.status, refused.body.code, refused.body.totalLimit], [403, "TOTAL_LINK_LIMIT_REACHED", 1]);
    assert.equal((await api(server, "GET", "/v1/websites/over-limit-page", { key: small.key })).status, 404);
  });

  test("another account's draft is 404 draft_not_found and stays unpublished; a viewer key is 403; a team editor publishes the owner's draft", async () => {
    const id = await draftOf(owner, "Private");
    const stranger = await createAccount(server);
    const foreign = await publish(stranger.key, id, { customSlug: "stolen-page" });
    assert.deepEqual([foreign.status, foreign.body.error?.code], [404, "draft_not_found"]);
    assert.equal((await api(server, "GET", "/v1/websites/stolen-page", { key: stranger.key })).status, 404);
    assert.equal((await publish(stranger.key, "drf_doesnotexist0000000")).status, 404);

    const viewer = await addKey(server, owner.email, "viewer");
    const forbidden = await publish(viewer.key, id, { customSlug: "viewer-page" });
    assert.deepEqual([forbidden.status, forbidden.body.error?.code], [403, "forbidden"]);

    const teamViewer = await createAccount(server);
    await admin(server, "team", "add", "--owner", owner.email, "--member", teamViewer.email, "--role", "viewer");
    assert.equal((await publish(teamViewer.key, id, { customSlug: "team-viewer-page" })).status, 404);

    const editor = await createAccount(server);
    await admin(server, "team", "add", "--owner", owner.email, "--member", editor.email, "--role", "editor");
    const byEditor = await publish(editor.key, id, { customSlug: "team-page" });
    assert.equal(byEditor.status, 201, byEditor.text);
    assert.equal((await api(server, "GET", "/v1/websites/team-page", { key: owner.key })).status, 200, "the page is the owner's");
    assert.equal((await publish(owner.key, id, { customSlug: "team-page-2" })).body.error?.code, "draft_already_published");
  });
});
