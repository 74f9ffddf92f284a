import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addKey, api, createAccount, type TestAccount } from "../helpers/api";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";

const SYSTEM = "sys.hop.test";
const SYSTEM2 = "go.hop.test";

describe("links: list, get, update, status, delete", () => {
  let server: HopServer;
  before(async () => {
    server = await startServer({ env: { SYSTEM_DOMAINS: `${SYSTEM},${SYSTEM2}` } });
  });
  after(() => server.stop());

  const make = async (account: TestAccount, body: Record<string, unknown>) => {
    const res = await api(server, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com", ...body } });
    assert.equal(res.status, 201, res.text);
    return res.body.data;
  };

  test("GET /v1/links paginates newest first with exact totals", async () => {
    const account = await createAccount(server);
    for (let i = 0; i < 7; i += 1) await make(account, { slug: `page-${i}` });
    const first = await api(server, "GET", "/v1/links?limit=3", { key: account.key });
    assert.equal(first.status, 200);
    assert.deepEqual(first.body.data.map((l: { slug: string }) => l.slug), ["page-6", "page-5", "page-4"]);
    assert.deepEqual(first.body.pagination, { page: 1, limit: 3, totalCount: 7, totalPages: 3, hasMore: true });
    const last = await api(server, "GET", "/v1/links?limit=3&page=3", { key: account.key });
    assert.deepEqual(last.body.data.map((l: { slug: string }) => l.slug), ["page-0"]);
    assert.equal(last.body.pagination.hasMore, false);
    const beyond = await api(server, "GET", "/v1/links?limit=3&page=9", { key: account.key });
    assert.deepEqual(beyond.body.data, []);
    const defaults = await api(server, "GET", "/v1/links", { key: account.key });
    assert.equal(defaults.body.pagination.limit, 50);
    assert.ok(defaults.body.data.every((l: { type: string; updatedAt: string }) => l.type === "deeplink" && l.updatedAt));
  });

  test("limit 100 is accepted, 101 and non-positive page/limit are refused with field", async () => {
    const account = await createAccount(server);
    assert.equal((await api(server, "GET", "/v1/links?limit=100", { key: account.key })).status, 200);
    for (const [query, field] of [["limit=101", "limit"], ["limit=0", "limit"], ["page=0", "page"], ["page=-1", "page"], ["limit=abc", "limit"], ["page=1.5", "page"]]) {
      const res = await api(server, "GET", `/v1/links?${query}`, { key: account.key });
      assert.equal(res.status, 400, query);
      assert.equal(res.body.error.code, "invalid_request", query);
      assert.equal(res.body.error.field, field, query);
    }
  });

  test("the five filters: search, tag, domain, groupId, type", async () => {
    const account = await createAccount(server);
    const group = await api(server, "POST", "/v1/groups", { key: account.key, body: { name: "G" } });
    await make(account, { slug: "alpha-one", title: "Summer Promo", tags: ["summer"] });
    await make(account, { slug: "beta-two", url: "https://shop.example.com/winter", tags: ["winter"], groupId: group.body.id });
    await make(account, { slug: "gamma-three", domain: SYSTEM, tags: ["summer"] });
    const slugs = async (query: string) =>
      (await api(server, "GET", `/v1/links?${query}`, { key: account.key })).body.data.map((l: { slug: string }) => l.slug).sort();
    assert.deepEqual(await slugs("search=PROMO"), ["alpha-one"]);
    // Trimmed, as the dashboard's table has it (one filter reading for both).
    assert.deepEqual(await slugs("search=%20PROMO%20"), ["alpha-one"]);
    assert.deepEqual(await slugs("search=shop.example"), ["beta-two"]);
    assert.deepEqual(await slugs("search=gamma"), ["gamma-three"]);
    assert.deepEqual(await slugs("tag=summer"), ["alpha-one", "gamma-three"]);
    assert.deepEqual(await slugs(`domain=${SYSTEM}`), ["gamma-three"]);
    assert.deepEqual(await slugs(`groupId=${group.body.id}`), ["beta-two"]);
    assert.deepEqual(await slugs("type=deeplink"), ["alpha-one", "beta-two", "gamma-three"]);
    assert.deepEqual(await slugs("type=website"), []);
    const bad = await api(server, "GET", "/v1/links?type=video", { key: account.key });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.field, "type");
  });

  test("GET /v1/links/{identifier} by id, slug and URL-encoded short URL; 404 nested", async () => {
    const account = await createAccount(server);
    const link = await make(account, { slug: "get-me", domain: SYSTEM });
    for (const identifier of [link.id, "get-me", encodeURIComponent(link.url)]) {
      const res = await api(server, "GET", `/v1/links/${identifier}`, { key: account.key });
      assert.equal(res.status, 200, identifier);
      assert.equal(res.body.data.id, `${SYSTEM}__get-me`);
      assert.deepEqual(Object.keys(res.body.data).sort(), [
        "alternateBackUrl", "android", "behavior", "createdAt", "description", "destination", "domain", "expiredUrl", "expiresAt", "geoRules", "googleTags", "groupId",
        "hasPassword", "health", "id", "ios", "isActive", "languageRules", "linkType", "maxClicks", "metaPixel", "seo", "slug", "startsAt", "tags", "title", "type", "updatedAt", "url", "variants",
      ]);
    }
    assert.equal((await api(server, "GET", "/v1/links/get-me", { key: account.key })).body.data.linkType, null);
    await make(account, { slug: "labelled", linkType: "campaign-7" });
    assert.equal((await api(server, "GET", "/v1/links/labelled", { key: account.key })).body.data.linkType, "campaign-7", "the client's label comes back as it was given");
    const missing = await api(server, "GET", "/v1/links/nothing-here", { key: account.key });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error.code, "link_not_found");
  });

  test("PUT updates the updatable fields and reports them; slug/domain are refused; errors have PUT's shapes", async () => {
    const account = await createAccount(server);
    await make(account, { slug: "edit-me", title: "Old" });
    const res = await api(server, "PUT", "/v1/links/edit-me", {
      key: account.key,
      body: {
        destination: "https://example.org/new",
        title: "New title",
        tags: ["a", 1],
        googleTags: { id: "G-123" },
        metaPixel: { id: "42" },
        behavior: "reddit",
        geoRules: [{ countries: ["FR"], redirectUrl: "https://example.fr" }],
        languageRules: [{ languages: ["de"], redirectUrl: "https://example.de" }],
        alternateBackUrl: "https://example.org/back",
        seo: { title: "ignored because title is given" },
      },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.success, true);
    assert.equal(res.body.id, "edit-me");
    assert.equal(typeof res.body.message, "string");
    assert.deepEqual(res.body.updatedFields.sort(), ["alternateBackUrl", "behavior", "destination", "geoRules", "googleTags", "languageRules", "metaPixel", "tags", "title"]);
    const got = (await api(server, "GET", "/v1/links/edit-me", { key: account.key })).body.data;
    assert.equal(got.destination, "https://example.org/new");
    assert.equal(got.title, "New title");
    assert.equal(got.seo, null);
    assert.deepEqual(got.tags, ["a"]);
    assert.equal(got.behavior, "reddit");
    const seo = await api(server, "PUT", "/v1/links/edit-me", { key: account.key, body: { seo: { title: "From SEO", description: "D", image: "https://x.io/i.png" } } });
    assert.deepEqual(seo.body.updatedFields.sort(), ["description", "seo", "title"]);
    for (const [body, field] of [[{ destination: "javascript:alert(1)" }, "destination"], [{ slug: "other" }, "slug"], [{ domain: SYSTEM }, "domain"], [{ geoRules: [{ countries: ["US"], redirectUrl: "ftp://x" }] }, "geoRules[0].redirectUrl"], [{ behavior: "nope" }, "behavior"]] as const) {
      const bad = await api(server, "PUT", "/v1/links/edit-me", { key: account.key, body });
      assert.equal(bad.status, 400, JSON.stringify(body));
      assert.equal(bad.body.error, "Bad Request");
      assert.equal(bad.body.field, field);
      assert.equal(typeof bad.body.message, "string");
      // The contract (docs/API.md): every bad destination or redirectUrl is the flat INVALID_DESTINATION_URL.
      if (field === "destination" || field === "geoRules[0].redirectUrl") assert.equal(bad.body.code, "INVALID_DESTINATION_URL", field);
    }
    const missing = await api(server, "PUT", "/v1/links/nope-nope", { key: account.key, body: { title: "x" } });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error, "Not Found");
  });

  test("PUT: a viewer team member gets the flat 403, an editor may update the owner's link", async () => {
    const owner = await createAccount(server);
    const editor = await createAccount(server);
    const viewer = await createAccount(server);
    await admin(server, "team", "add", "--owner", owner.email, "--member", editor.email, "--role", "editor");
    await admin(server, "team", "add", "--owner", owner.email, "--member", viewer.email, "--role", "viewer");
    await make(owner, { slug: "team-link" });
    const denied = await api(server, "PUT", "/v1/links/team-link", { key: viewer.key, body: { title: "x" } });
    assert.equal(denied.status, 403);
    assert.equal(denied.body.error, "Forbidden");
    assert.equal(typeof denied.body.message, "string");
    assert.equal((await api(server, "PUT", "/v1/links/team-link", { key: editor.key, body: { title: "by editor" } })).status, 200);
  });

  test("PATCH status by id, slug and short URL; 404 plain; bulk is never an identifier", async () => {
    const account = await createAccount(server);
    const link = await make(account, { slug: "toggle-me", domain: SYSTEM });
    const off = await api(server, "PATCH", `/v1/links/${encodeURIComponent(link.id)}/status`, { key: account.key, body: { setActive: false } });
    assert.deepEqual(off.body, { success: true, id: link.id, isActive: false, message: "Link deactivated" });
    const on = await api(server, "PATCH", "/v1/links/toggle-me/status", { key: account.key, body: { setActive: true } });
    assert.deepEqual(on.body, { success: true, id: link.id, isActive: true, message: "Link activated" });
    const byUrl = await api(server, "PATCH", `/v1/links/${encodeURIComponent(link.url)}/status`, { key: account.key, body: { setActive: false } });
    assert.equal(byUrl.body.isActive, false);
    const missing = await api(server, "PATCH", "/v1/links/not-there/status", { key: account.key, body: { setActive: true } });
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.body, { error: "Deeplink not found" });
    const noFlag = await api(server, "PATCH", "/v1/links/toggle-me/status", { key: account.key, body: {} });
    assert.equal(noFlag.status, 400);
    assert.equal(noFlag.body.error.field, "setActive");
    for (const bulk of ["bulk", "BULK", "Bulk"]) {
      const res = await api(server, "PATCH", `/v1/links/${bulk}/status`, { key: account.key, body: { setActive: true } });
      assert.equal(res.status, 400, bulk);
      assert.equal(res.body.error.field, "links", bulk);
    }
  });

  test("a bare slug on several domains is ambiguous (409); the id or short URL wins", async () => {
    const account = await createAccount(server);
    await make(account, { slug: "twin", domain: SYSTEM });
    await make(account, { slug: "twin", domain: SYSTEM2 });
    const ambiguous = await api(server, "PATCH", "/v1/links/twin/status", { key: account.key, body: { setActive: false } });
    assert.equal(ambiguous.status, 409);
    assert.equal(ambiguous.body.error, "Conflict");
    assert.equal(ambiguous.body.code, "AMBIGUOUS_IDENTIFIER");
    assert.equal(typeof ambiguous.body.message, "string");
    const byId = await api(server, "PATCH", `/v1/links/${SYSTEM2}__twin/status`, { key: account.key, body: { setActive: false } });
    assert.equal(byId.body.id, `${SYSTEM2}__twin`);
    await make(account, { slug: "twin" });
    const primaryWins = await api(server, "PATCH", "/v1/links/twin/status", { key: account.key, body: { setActive: false } });
    assert.equal(primaryWins.status, 200);
    assert.equal(primaryWins.body.id, "twin", "the primary link's id equals the slug and wins over slug matches");
  });

  test("team owners' links resolve for active editors, after the member's own", async () => {
    const owner = await createAccount(server);
    const editor = await createAccount(server);
    await admin(server, "team", "add", "--owner", owner.email, "--member", editor.email, "--role", "editor");
    await make(owner, { slug: "owners-link", domain: SYSTEM });
    const res = await api(server, "PATCH", "/v1/links/owners-link/status", { key: editor.key, body: { setActive: false } });
    assert.equal(res.status, 200);
    assert.equal(res.body.id, `${SYSTEM}__owners-link`);
    await make(editor, { slug: "owners-link", domain: SYSTEM2 });
    const own = await api(server, "GET", "/v1/links/owners-link", { key: editor.key });
    assert.equal(own.body.data.id, `${SYSTEM2}__owners-link`, "the caller's own link first");
  });

  test("DELETE /v1/links/{identifier}", async () => {
    const account = await createAccount(server);
    const link = await make(account, { slug: "delete-me" });
    const res = await api(server, "DELETE", "/v1/links/delete-me", { key: account.key });
    assert.equal(res.status, 200);
    assert.equal(res.body.success, true);
    assert.equal(res.body.id, link.id);
    const again = await api(server, "DELETE", "/v1/links/delete-me", { key: account.key });
    assert.equal(again.status, 404);
    assert.equal(again.body.error.code, "link_not_found");
  });

  test("activation at the active limit is refused (403); 20 parallel activations never exceed it", async () => {
    const account = await createAccount(server);
    await admin(server, "account", "set-limits", "--email", account.email, "--active", "5");
    const links = [];
    for (let i = 0; i < 25; i += 1) links.push(await make(account, { slug: `act-${i}` }));
    assert.equal(links.filter((l) => l.isActive).length, 5);
    const refused = await api(server, "PATCH", `/v1/links/${links[10].id}/status`, { key: account.key, body: { setActive: true } });
    assert.equal(refused.status, 403);
    assert.deepEqual(Object.keys(refused.body).sort(), ["activeLimit", "code", "currentActive", "error", "message", "plan"]);
    assert.equal(refused.body.code, "ACTIVE_LINK_LIMIT_REACHED");
    assert.equal(refused.body.currentActive, 5);
    assert.equal(refused.body.activeLimit, 5);
    for (const link of links.slice(0, 3)) await api(server, "PATCH", `/v1/links/${link.id}/status`, { key: account.key, body: { setActive: false } });
    const results = await Promise.all(links.slice(5).map((l) => api(server, "PATCH", `/v1/links/${l.id}/status`, { key: account.key, body: { setActive: true } })));
    assert.equal(results.filter((r) => r.status === 200).length, 3);
    assert.equal(results.filter((r) => r.status === 403).length, 17);
    const limits = await api(server, "GET", "/v1/account/limits", { key: account.key });
    assert.equal(limits.body.links.currentActive, 5);
  });

  test("PATCH /v1/links/bulk/status applies in order and lists failures, the active limit included", async () => {
    const account = await createAccount(server);
    await admin(server, "account", "set-limits", "--email", account.email, "--active", "2");
    const a = await make(account, { slug: "bulk-a" });
    const b = await make(account, { slug: "bulk-b" });
    const c = await make(account, { slug: "bulk-c" });
    assert.equal(c.isActive, false);
    const off = await api(server, "PATCH", "/v1/links/bulk/status", { key: account.key, body: { links: [a.id, "missing-one"], setActive: false } });
    assert.deepEqual(off.body, { success: true, results: { successful: [a.id], failed: [{ identifier: "missing-one", error: "link_not_found" }] }, updatedCount: 1 });
    const on = await api(server, "PATCH", "/v1/links/bulk/status", { key: account.key, body: { links: [c.id, a.id, b.id], setActive: true } });
    assert.equal(on.status, 200);
    assert.deepEqual(on.body.results.successful, [c.id, b.id]);
    assert.deepEqual(on.body.results.failed, [{ identifier: a.id, error: "ACTIVE_LINK_LIMIT_REACHED" }]);
    const tooMany = await api(server, "PATCH", "/v1/links/bulk/status", { key: account.key, body: { links: Array.from({ length: 101 }, (_, i) => `x-${i}`), setActive: true } });
    assert.equal(tooMany.status, 400);
  });

  test("roles on reads and writes of links", async () => {
    const account = await createAccount(server);
    await make(account, { slug: "role-read" });
    const viewer = await addKey(server, account.email, "viewer");
    const creator = await addKey(server, account.email, "creator");
    assert.equal((await api(server, "GET", "/v1/links/role-read", { key: viewer.key })).status, 200);
    assert.equal((await api(server, "GET", "/v1/links", { key: viewer.key })).status, 200);
    assert.equal((await api(server, "PATCH", "/v1/links/role-read/status", { key: viewer.key, body: { setActive: false } })).status, 403);
    assert.equal((await api(server, "DELETE", "/v1/links/role-read", { key: viewer.key })).status, 403);
    assert.equal((await api(server, "PUT", "/v1/links/role-read", { key: creator.key, body: { title: "c" } })).status, 200);
  });
});
