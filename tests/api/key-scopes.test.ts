import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { allOperations, type Operation } from "../../lib/api/openapi/operations";
import { SCOPES, type Scope } from "../../lib/keys/scopes";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";
import { api, createAccount, type TestAccount } from "../helpers/api";

// Key scopes (docs/decisions/031-key-scopes.md), walked from the operation registry: for every
// scope, a key holding every other scope is refused with 403 insufficient_scope on each operation
// that needs it, and a key holding only that scope gets past the check on each of them (and a real
// success on one). A new operation is in the walk the moment it is in the registry.

const keyed = allOperations().filter((op) => op.resource !== null);

/** The operation's path with a placeholder for each parameter: the scope check comes before any lookup. */
function pathOf(op: Operation): string {
  return op.path.replace(/\{[^}]+\}/g, "nothing-here");
}

async function call(server: HopServer, key: string, op: Operation) {
  if (op.rawBody) return api(server, op.method.toUpperCase(), pathOf(op), { key, raw: "", headers: { "content-type": op.rawBody.mediaType } });
  return api(server, op.method.toUpperCase(), pathOf(op), { key, body: op.body ? {} : undefined });
}

async function customKey(server: HopServer, email: string, scopes: readonly string[], ...flags: string[]) {
  const made = await admin(server, "key", "create", "--email", email, "--scopes", scopes.join(","), ...flags);
  return String(made.key);
}

const slug = () => `s-${Math.random().toString(36).slice(2, 10)}`;

/** One request per scope that succeeds for a key holding just that scope. */
const SUCCESS: Record<Scope, (owner: TestAccount, linkId: string) => [string, string, unknown?, number?]> = {
  "links:read": () => ["GET", "/v1/links"],
  "links:write": () => ["POST", "/v1/links", { url: "https://example.com/scoped", slug: slug() }, 201],
  "domains:read": () => ["GET", "/v1/domains"],
  "domains:write": () => ["POST", "/v1/domains", { domain: `s${Date.now()}.scoped.example` }, 201],
  "websites:read": () => ["GET", "/v1/websites/nothing-here", undefined, 404],
  "websites:write": () => ["POST", "/v1/websites/drafts", { templateId: "bento-grid", semantic: { profile: { name: "Ada" } } }, 201],
  "analytics:read": (_owner, linkId) => ["GET", `/v1/analytics/links/${linkId}`],
  "webhooks:read": () => ["GET", "/v1/webhooks"],
  "webhooks:write": () => ["DELETE", "/v1/webhooks/whk_nothing", undefined, 404],
  "groups:read": () => ["GET", "/v1/groups"],
  "groups:write": () => ["POST", "/v1/groups", { name: "Scoped" }, 201],
  "account:read": () => ["GET", "/v1/account/profile"],
};

describe("API key scopes", () => {
  let server: HopServer;
  let owner: TestAccount;
  let linkId: string;
  before(async () => {
    server = await startServer();
    owner = await createAccount(server);
    linkId = (await api(server, "POST", "/v1/links", { key: owner.key, body: { url: "https://example.com/owned", slug: slug() } })).body.data.id;
  });
  after(() => server.stop());

  test("every keyed operation in the registry names a known scope or none", () => {
    for (const op of keyed) assert.ok(op.scope === null || (SCOPES as readonly string[]).includes(op.scope), `${op.method} ${op.path}`);
    for (const scope of SCOPES) assert.ok(keyed.some((op) => op.scope === scope), `${scope} is needed by some operation`);
  });

  for (const scope of SCOPES) {
    test(`${scope}: refused without it on every operation that needs it, allowed with it`, async () => {
      const account = await createAccount(server);
      const without = await customKey(server, account.email, SCOPES.filter((s) => s !== scope));
      const only = await customKey(server, account.email, [scope]);
      for (const op of keyed.filter((o) => o.scope === scope)) {
        const refused = await call(server, without, op);
        assert.equal(refused.status, 403, `${op.method} ${op.path} without ${scope}`);
        assert.deepEqual(refused.body, { error: { code: "insufficient_scope", message: `This API key lacks the '${scope}' scope this request needs.`, scope } });
        assert.ok(refused.headers.get("x-ratelimit-limit"), "a refused scope still gets the rate-limit headers");
        const passed = await call(server, only, op);
        assert.ok(!["insufficient_scope", "forbidden"].includes(passed.body?.error?.code), `${op.method} ${op.path} with ${scope}: ${passed.status}`);
      }
      if (scope === "analytics:read") {
        // The link must be this account's: make one with a links:write key of it.
        const writer = await customKey(server, account.email, ["links:write"]);
        linkId = (await api(server, "POST", "/v1/links", { key: writer, body: { url: "https://example.com/counted", slug: slug() } })).body.data.id;
      }
      const [method, path, body, status = 200] = SUCCESS[scope](owner, linkId);
      const res = await api(server, method, path, { key: only, body });
      assert.equal(res.status, status, `${method} ${path} with only ${scope}: ${JSON.stringify(res.body)}`);
      assert.notEqual(res.body?.error?.code, "insufficient_scope");
    });
  }

  test("operations that need no scope answer any key", async () => {
    const account = await createAccount(server);
    const key = await customKey(server, account.email, ["links:read"]);
    for (const op of keyed.filter((o) => o.scope === null)) assert.equal((await call(server, key, op)).status, 200, `${op.method} ${op.path}`);
  });

  test("the profile shows a custom key's scopes; a preset key's are its role's", async () => {
    const account = await createAccount(server);
    const key = await customKey(server, account.email, ["account:read", "links:read", "links:read"]);
    const profile = await api(server, "GET", "/v1/account/profile", { key });
    assert.equal(profile.body.apiKey.role, "custom");
    assert.deepEqual(profile.body.apiKey.scopes, ["links:read", "account:read"]);
    const full = await api(server, "GET", "/v1/account/profile", { key: account.key });
    assert.deepEqual(full.body.apiKey.scopes, [...SCOPES]);
  });

  test("an expired key is 401; one not yet expired works", async () => {
    const account = await createAccount(server);
    const soon = await admin(server, "key", "create", "--email", account.email, "--expires", new Date(Date.now() + 2_000).toISOString());
    assert.equal((await api(server, "GET", "/v1/links", { key: String(soon.key) })).status, 200);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const expired = await api(server, "GET", "/v1/links", { key: String(soon.key) });
    assert.equal(expired.status, 401);
    assert.deepEqual(expired.body, { error: { code: "invalid_api_key", message: "This API key has expired." } });
    const later = await admin(server, "key", "create", "--email", account.email, "--role", "viewer", "--expires", "30d");
    assert.equal((await api(server, "GET", "/v1/links", { key: String(later.key) })).status, 200);
    assert.ok(Date.parse(String(later.expiresAt)) > Date.now() + 29 * 86_400_000);
  });

  test("the CLI refuses unknown scopes, past expiries, --role with --scopes, and other accounts' groups", async () => {
    const account = await createAccount(server);
    const other = await createAccount(server);
    const group = await api(server, "POST", "/v1/groups", { key: other.key, body: { name: "Theirs" } });
    for (const flags of [
      ["--scopes", "links:read,links:delete"],
      ["--scopes", "links:read", "--role", "viewer"],
      ["--expires", "2001-01-01"],
      ["--expires", "tomorrow"],
      ["--groups", group.body.id],
      ["--domains", "not-mine.example"],
    ]) {
      await assert.rejects(admin(server, "key", "create", "--email", account.email, ...flags), /failed/, flags.join(" "));
    }
  });
});
