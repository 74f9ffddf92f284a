import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addKey, api, createAccount, type TestAccount } from "../helpers/api";
import { admin, type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";

const SYSTEM = "sys.hop.test";
const PREMIUM = "vip.hop.test";

describe("POST /v1/links", () => {
  let server: HopServer;
  let primary: string;
  before(async () => {
    server = await sharedServer({ env: { SYSTEM_DOMAINS: `${SYSTEM},${PREMIUM}`, PREMIUM_SYSTEM_DOMAINS: PREMIUM } });
    primary = "localhost:3000";
  });
  after(() => server.stop());

  const create = (account: TestAccount, body: unknown) => api(server, "POST", "/v1/links", { key: account.key, body });

  test("creates a link with every field and answers 201 with the link object", async () => {
    const account = await createAccount(server);
    const group = await api(server, "POST", "/v1/groups", { key: account.key, body: { name: "Launch" } });
    const res = await create(account, {
      url: "  https://example.com/landing?utm=1  ",
      slug: "Spring-Sale_1",
      title: "Spring sale",
      description: "Up to 50% off",
      tags: ["promo", 42, null, "spring"],
      groupId: group.body.id,
      behavior: "aggressive",
      geoRules: [{ countries: ["us", "Germany"], cities: ["Berlin"], redirectUrl: "https://example.de" }],
      languageRules: [{ languages: ["fr", "pt-BR"], redirectUrl: "https://example.fr" }],
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.success, true);
    const link = res.body.data;
    assert.equal(link.id, "spring-sale_1");
    assert.equal(link.slug, "spring-sale_1");
    assert.equal(link.domain, primary);
    assert.equal(link.url, `http://${primary}/spring-sale_1`);
    assert.equal(link.destination, "https://example.com/landing?utm=1");
    assert.equal(link.title, "Spring sale");
    assert.equal(link.description, "Up to 50% off");
    assert.deepEqual(link.tags, ["promo", "spring"]);
    assert.equal(link.groupId, group.body.id);
    assert.equal(link.isActive, true);
    assert.equal(link.type, "deeplink");
    assert.ok(!Number.isNaN(Date.parse(link.createdAt)));
    const details = await api(server, "GET", `/v1/links/${link.id}`, { key: account.key });
    assert.equal(details.body.data.behavior, "aggressive");
    assert.deepEqual(details.body.data.geoRules, [{ countries: ["US", "DE"], cities: ["Berlin"], redirectUrl: "https://example.de/" }], "stored as new URL().href");
    assert.deepEqual(details.body.data.languageRules, [{ languages: ["fr", "pt-BR"], redirectUrl: "https://example.fr/" }]);
  });

  test("destinations must be absolute http(s) URLs", async () => {
    const account = await createAccount(server);
    for (const url of ["javascript:alert(1)", "data:text/html,hi", "ftp://example.com/file", "/relative/path", "example.com", "https://", "", 42, undefined]) {
      const res = await create(account, { url, slug: "valid-slug" });
      assert.equal(res.status, 400, String(url));
      assert.equal(res.body.error, "Bad Request");
      assert.equal(res.body.code, "INVALID_DESTINATION_URL", String(url));
      assert.equal(res.body.field, "url");
    }
  });

  test("slug boundaries: 2 and 51 characters are refused, 3 and 50 accepted; reserved words and bad characters refused", async () => {
    const account = await createAccount(server);
    const url = "https://example.com";
    assert.equal((await create(account, { url, slug: "ab" })).body.code, "INVALID_SLUG");
    assert.equal((await create(account, { url, slug: "abc" })).status, 201);
    assert.equal((await create(account, { url, slug: "a".repeat(50) })).status, 201);
    const long = await create(account, { url, slug: "b".repeat(51) });
    assert.equal(long.status, 400);
    assert.deepEqual(Object.keys(long.body).sort(), ["code", "error", "field", "message"]);
    for (const slug of ["links", "API", "login", "keys", "v1", "site", "editor", "webhooks", "_next", "has space", "dot.ted", "slash/ed", "ümlaut", 12345]) {
      const res = await create(account, { url, slug });
      assert.equal(res.status, 400, String(slug));
      assert.equal(res.body.code, "INVALID_SLUG", String(slug));
    }
    // Campaign words are not Hop's routes: free on the primary domain (docs/links.md).
    for (const slug of ["blog", "pricing", "about", "help", "email"]) assert.equal((await create(account, { url, slug })).status, 201, slug);
  });

  test("a missing slug on the primary or a system domain, and a taken slug, have their plain errors", async () => {
    const account = await createAccount(server);
    const other = await createAccount(server);
    const url = "https://example.com";
    assert.deepEqual((await create(account, { url })).body, { error: "Missing custom slug" });
    assert.deepEqual((await create(account, { url, domain: SYSTEM })).body, { error: "Missing custom slug" });
    assert.equal((await create(account, { url, slug: "taken-one" })).status, 201);
    const again = await create(account, { url, slug: "TAKEN-one" });
    assert.equal(again.status, 400);
    assert.deepEqual(again.body, { error: "Custom slug or domain already taken" });
    assert.deepEqual((await create(other, { url, slug: "taken-one" })).body, { error: "Custom slug or domain already taken" });
    assert.equal((await create(account, { url, slug: "taken-one", domain: SYSTEM })).status, 201, "same slug on another domain");
  });

  test("system, premium and unknown domains", async () => {
    const account = await createAccount(server);
    const url = "https://example.com";
    const sys = await create(account, { url, slug: "on-system", domain: SYSTEM.toUpperCase() });
    assert.equal(sys.status, 201);
    assert.equal(sys.body.data.id, `${SYSTEM}__on-system`);
    assert.equal(sys.body.data.url, `http://${SYSTEM}/on-system`, "SHORT_LINK_SCHEME follows the (local) primary domain");
    assert.equal((await create(account, { url, slug: "on-premium", domain: PREMIUM })).status, 201, "growth is a paid plan");
    const unknown = await create(account, { url, slug: "nowhere", domain: "not-mine.example" });
    assert.equal(unknown.status, 403);
    assert.equal(unknown.body.code, "DOMAIN_NOT_FOUND");
  });

  test("blocked destinations are refused on the primary domain only, rule URLs included", async () => {
    const account = await createAccount(server);
    const blocked = await create(account, { url: "https://bit.ly/abc", slug: "bouncy" });
    assert.equal(blocked.status, 400);
    assert.equal(blocked.body.code, "BLOCKED_BOUNCY_DESTINATION");
    const sub = await create(account, { url: "https://www.tinyurl.com/x", slug: "bouncy2" });
    assert.equal(sub.body.code, "BLOCKED_BOUNCY_DESTINATION");
    const inRule = await create(account, { url: "https://example.com", slug: "bouncy3", geoRules: [{ countries: ["US"], redirectUrl: "https://bit.ly/x" }] });
    assert.equal(inRule.body.code, "BLOCKED_BOUNCY_DESTINATION");
    assert.equal(inRule.body.field, "geoRules[0].redirectUrl");
    const inLanguage = await create(account, { url: "https://example.com", slug: "bouncy4", languageRules: [{ languages: ["fr"], redirectUrl: "https://t.co/x" }] });
    assert.equal(inLanguage.body.field, "languageRules[0].redirectUrl");
    assert.equal((await create(account, { url: "https://bit.ly/abc", slug: "bouncy", domain: SYSTEM })).status, 201);
  });

  test("geo rules: names and codes, presets copied at save, unknown preset → 400, redirectUrl required", async () => {
    const account = await createAccount(server);
    const preset = await api(server, "POST", "/v1/geo-presets", { key: account.key, body: { name: "DACH", countries: ["Germany", "AT", "ch"] } });
    assert.equal(preset.status, 201);
    assert.deepEqual(preset.body.countries, ["DE", "AT", "CH"]);
    const res = await create(account, { url: "https://example.com", slug: "geo-preset", geoRules: [{ presetId: preset.body.id, redirectUrl: "https://example.de" }] });
    assert.equal(res.status, 201, res.text);
    await api(server, "PUT", `/v1/geo-presets/${preset.body.id}`, { key: account.key, body: { countries: ["FR"] } });
    const saved = await api(server, "GET", "/v1/links/geo-preset", { key: account.key });
    assert.deepEqual(saved.body.data.geoRules[0].countries, ["DE", "AT", "CH"], "later preset edits do not change saved links");
    const unknown = await create(account, { url: "https://example.com", slug: "geo-bad", geoRules: [{ presetId: "geo_nope", redirectUrl: "https://example.de" }] });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.error.field, "geoRules[0].presetId");
    const noUrl = await create(account, { url: "https://example.com", slug: "geo-bad", geoRules: [{ countries: ["US"] }] });
    assert.equal(noUrl.body.code, "INVALID_DESTINATION_URL");
    assert.equal(noUrl.body.field, "geoRules[0].redirectUrl");
    const badCountry = await create(account, { url: "https://example.com", slug: "geo-bad", geoRules: [{ countries: ["Atlantis"], redirectUrl: "https://x.io" }] });
    assert.equal(badCountry.body.error.code, "invalid_request");
    assert.equal(badCountry.body.error.field, "geoRules[0].countries");
    assert.equal((await api(server, "GET", "/v1/links/geo-bad", { key: account.key })).status, 404, "nothing half-written");
  });

  test("groupId must be one of the owner's groups; behavior must be known", async () => {
    const account = await createAccount(server);
    const other = await createAccount(server);
    const theirs = await api(server, "POST", "/v1/groups", { key: other.key, body: { name: "Theirs" } });
    const res = await create(account, { url: "https://example.com", slug: "grouped", groupId: theirs.body.id });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, "GROUP_NOT_FOUND");
    const behavior = await create(account, { url: "https://example.com", slug: "behaving", behavior: "sneaky" });
    assert.equal(behavior.status, 400);
    assert.equal(behavior.body.error.field, "behavior");
    for (const value of ["conservative", "aggressive", "basic", "non-meta", "experimental", "experimental2", "reddit"]) {
      assert.equal((await create(account, { url: "https://example.com", slug: `b-${value}`, behavior: value })).status, 201, value);
    }
  });

  test("the total limit refuses with 403 and creates nothing; the active limit creates inactive links", async () => {
    const account = await createAccount(server);
    await admin(server, "account", "set-limits", "--email", account.email, "--total", "3", "--active", "2");
    const results = [];
    for (let i = 0; i < 3; i += 1) results.push(await create(account, { url: "https://example.com", slug: `lim-${i}` }));
    assert.deepEqual(results.map((r) => r.body.data.isActive), [true, true, false]);
    assert.equal(results[2].body.data.inactiveReason, "active_limit_reached");
    const refused = await create(account, { url: "https://example.com", slug: "lim-3" });
    assert.equal(refused.status, 403);
    assert.deepEqual(refused.body, {
      error: "Forbidden",
      code: "TOTAL_LINK_LIMIT_REACHED",
      message: "The growth plan allows 3 links and websites in total.",
      currentUsed: 3,
      totalLimit: 3,
      plan: "growth",
    });
    const list = await api(server, "GET", "/v1/links", { key: account.key });
    assert.equal(list.body.pagination.totalCount, 3);
  });

  test("unlimited plans are never limited", async () => {
    const account = await createAccount(server, { plan: "unlimited" });
    const limits = await api(server, "GET", "/v1/account/limits", { key: account.key });
    assert.deepEqual(limits.body.links, { totalLimit: null, activeLimit: null, currentTotal: 0, currentActive: 0 });
  });

  test("roles: full, creator and legacy keys create; viewers may not", async () => {
    const account = await createAccount(server);
    for (const role of ["creator", "legacy", "viewer"] as const) {
      const { key } = await addKey(server, account.email, role);
      const res = await api(server, "POST", "/v1/links", { key, body: { url: "https://example.com", slug: `role-${role}` } });
      assert.equal(res.status, role === "viewer" ? 403 : 201, role);
      if (role === "viewer") assert.equal(res.body.error.code, "forbidden");
    }
  });

  test("forTeamOwner creates in the owner's account for active editors and admins only", async () => {
    const owner = await createAccount(server);
    const editor = await createAccount(server);
    const viewer = await createAccount(server);
    const pending = await createAccount(server);
    const stranger = await createAccount(server);
    await admin(server, "team", "add", "--owner", owner.email, "--member", editor.email, "--role", "editor");
    await admin(server, "team", "add", "--owner", owner.email, "--member", viewer.email, "--role", "viewer");
    await admin(server, "team", "add", "--owner", owner.email, "--member", pending.email, "--role", "admin", "--status", "pending");
    const body = (slug: string) => ({ url: "https://example.com", slug, forTeamOwner: true, teamOwnerId: stranger.id });
    const made = await create(editor, body("team-made"));
    assert.equal(made.status, 201);
    assert.equal((await api(server, "GET", "/v1/links/team-made", { key: owner.key })).status, 200, "it is the owner's link");
    const ownerLimits = await api(server, "GET", "/v1/account/limits", { key: owner.key });
    assert.equal(ownerLimits.body.links.currentTotal, 1, "counts toward the owner's limits");
    assert.equal((await create(viewer, body("team-viewer"))).status, 403);
    assert.equal((await create(pending, body("team-pending"))).status, 403);
    const none = await create(stranger, body("team-none"));
    assert.equal(none.status, 400);
    assert.equal(none.body.error.field, "forTeamOwner");
  });

  test("50 parallel creates of one slug: exactly one 201 and 49 × 400", async () => {
    const account = await createAccount(server);
    const results = await Promise.all(Array.from({ length: 50 }, () => create(account, { url: "https://example.com", slug: "race-slug" })));
    assert.equal(results.filter((r) => r.status === 201).length, 1);
    const refused = results.filter((r) => r.status === 400);
    assert.equal(refused.length, 49, JSON.stringify(results.filter((r) => r.status !== 201 && r.status !== 400).map((r) => [r.status, r.text.slice(0, 300)])));
    assert.ok(refused.every((r) => r.body.error === "Custom slug or domain already taken"));
  });

  test("50 parallel creates at total limit − 1: exactly one is created", async () => {
    const account = await createAccount(server, { plan: "scaling" });
    await admin(server, "account", "set-limits", "--email", account.email, "--total", "3");
    await create(account, { url: "https://example.com", slug: "pre-1" });
    await create(account, { url: "https://example.com", slug: "pre-2" });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => create(account, { url: "https://example.com", slug: `par-${i}` })));
    assert.equal(results.filter((r) => r.status === 201).length, 1);
    assert.equal(results.filter((r) => r.status === 403 && r.body.code === "TOTAL_LINK_LIMIT_REACHED").length, 49);
    assert.equal((await api(server, "GET", "/v1/links", { key: account.key })).body.pagination.totalCount, 3);
  });

  test("malformed bodies", async () => {
    const account = await createAccount(server);
    const bad = await api(server, "POST", "/v1/links", { key: account.key, raw: "{not json", headers: { "content-type": "application/json" } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.code, "invalid_request");
    const noType = await api(server, "POST", "/v1/links", { key: account.key, raw: JSON.stringify({ url: "https://x.io", slug: "abc" }) });
    assert.equal(noType.status, 400);
    assert.equal(noType.body.error.code, "invalid_request");
    assert.match(noType.body.error.message, /Content-Type/);
    const wrongType = await create(account, { url: "https://example.com", slug: "typed", title: 42 });
    assert.equal(wrongType.status, 400);
    assert.equal(wrongType.body.error.field, "title");
  });
});
