import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { operations, type Operation } from "../../lib/api/openapi/operations";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server";
import { PRIMARY, postForm } from "../helpers/visit";

// The audit log (docs/decisions/032-audit-log.md). Every write operation of the registry is walked:
// one successful call makes exactly one entry, naming the key, and no entry holds a secret. A write
// operation without a case here fails the walk, so a new one cannot go unaudited.

let n = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(n += 1)}`;
const LINK_PASSWORD = "correct-horse-battery";

type Call = { method: string; path: string; body?: unknown; raw?: string; headers?: Record<string, string>; action: string };

describe("audit log", () => {
  let server: HopServer;
  let dns: TestDnsServer;
  let owner: TestAccount;
  before(async () => {
    dns = await startDnsServer();
    server = await startServer({ env: { DNS_SERVERS: dns.address, SYSTEM_DOMAINS: "sys.hop.test", WEBHOOK_ALLOW_PRIVATE: "true" } });
    owner = await createAccount(server);
  });
  after(async () => {
    await server.stop();
    await dns.close();
  });

  const post = async (path: string, body: unknown) => (await api(server, "POST", path, { key: owner.key, body })).body;
  const newLink = async () => (await post("/v1/links", { url: "https://example.com/a", slug: unique("l") })).data.id as string;
  const log = async (query = "", key = owner.key) => api(server, "GET", `/v1/audit-log${query}`, { key });

  /** One call per write operation, each made to succeed (its fixtures made first). */
  const CASES: Record<string, () => Promise<Call>> = {
    createLink: async () => ({ method: "POST", path: "/v1/links", body: { url: "https://example.com/new", slug: unique("c") }, action: "link.created" }),
    updateLink: async () => ({ method: "PUT", path: `/v1/links/${await newLink()}`, body: { title: "Renamed", password: LINK_PASSWORD }, action: "link.updated" }),
    deleteLink: async () => ({ method: "DELETE", path: `/v1/links/${await newLink()}`, action: "link.deleted" }),
    setLinkStatus: async () => ({ method: "PATCH", path: `/v1/links/${await newLink()}/status`, body: { setActive: false }, action: "link.deactivated" }),
    importLinks: async () => ({
      method: "POST", path: "/v1/links/import", raw: `url,slug\nhttps://example.com/i1,${unique("i")}\nhttps://example.com/i2,${unique("i")}\n`, headers: { "content-type": "text/csv" }, action: "links.imported",
    }),
    createLinksBulk: async () => ({ method: "POST", path: "/v1/links/bulk", body: { links: [{ url: "https://example.com/b1", slug: unique("b") }, { url: "https://example.com/b2", slug: unique("b") }] }, action: "links.bulk_created" }),
    deleteLinksBulk: async () => ({ method: "DELETE", path: "/v1/links/bulk", body: { links: [await newLink(), await newLink()] }, action: "links.bulk_deleted" }),
    setLinksStatusBulk: async () => ({ method: "PATCH", path: "/v1/links/bulk/status", body: { links: [await newLink(), await newLink()], setActive: false }, action: "links.bulk_deactivated" }),
    updateLinksBulk: async () => ({ method: "POST", path: "/v1/links/bulk-update", body: { filter: { ids: [await newLink(), await newLink()] }, change: { tags: ["audited"] } }, action: "links.bulk_updated" }),
    createWebsite: async () => ({ method: "POST", path: "/v1/websites", body: { websiteId: unique("w"), templateId: "simple-stack-v2", data: { profile: { name: "Ada" } }, customSlug: unique("w") }, action: "website.published" }),
    createDraft: async () => ({ method: "POST", path: "/v1/websites/drafts", body: { templateId: "bento-grid", semantic: { profile: { name: "Ada" } } }, action: "draft.created" }),
    importDraft: async () => ({
      method: "POST", path: "/v1/websites/drafts/import", raw: JSON.stringify({ name: "Moved", links: [{ button_id: 1, title: "Home", link: "https://example.com/", order: 1 }] }), headers: { "content-type": "application/json" }, action: "draft.created",
    }),
    publishDraft: async () => {
      const draft = (await post("/v1/websites/drafts", { semantic: { profile: { name: "Ada" } } })).data.id as string;
      return { method: "POST", path: `/v1/websites/drafts/${draft}/publish`, body: { customSlug: unique("p") }, action: "website.published" };
    },
    duplicateWebsite: async () => {
      const site = await post("/v1/websites", { websiteId: unique("w"), templateId: "simple-stack-v2", data: { profile: { name: "Ada" } }, customSlug: unique("w") });
      return { method: "POST", path: `/v1/websites/${site.id}/duplicate`, body: { slug: unique("d") }, action: "website.published" };
    },
    connectDomain: async () => ({ method: "POST", path: "/v1/domains", body: { domain: `${unique("c")}.audit.example` }, action: "domain.connected" }),
    setDefaultDomain: async () => {
      const domain = (await post("/v1/domains", { domain: `${unique("s")}.audit.example` })).domain;
      return { method: "PATCH", path: `/v1/domains/${domain}`, body: { isDefault: false }, action: "domain.updated" };
    },
    deleteDomain: async () => {
      const domain = (await post("/v1/domains", { domain: `${unique("x")}.audit.example` })).domain;
      return { method: "DELETE", path: `/v1/domains/${domain}`, action: "domain.removed" };
    },
    verifyDomain: async () => {
      const domain = (await post("/v1/domains", { domain: `${unique("v")}.audit.example` })).domain;
      return { method: "POST", path: `/v1/domains/${domain}/verify`, action: "domain.checked" };
    },
    createGroup: async () => ({ method: "POST", path: "/v1/groups", body: { name: "Audited" }, action: "group.created" }),
    setGroupLinks: async () => {
      const group = (await post("/v1/groups", { name: "Moves" })).id;
      return { method: "PATCH", path: `/v1/groups/${group}/links`, body: { action: "add", linkIds: [await newLink()] }, action: "group.links_added" };
    },
    deleteGroup: async () => ({ method: "DELETE", path: `/v1/groups/${(await post("/v1/groups", { name: "Gone" })).id}`, action: "group.deleted" }),
    createGeoPreset: async () => ({ method: "POST", path: "/v1/geo-presets", body: { name: "DACH", countries: ["DE", "AT"] }, action: "geo_preset.created" }),
    updateGeoPreset: async () => ({ method: "PUT", path: `/v1/geo-presets/${(await post("/v1/geo-presets", { name: "P", countries: ["DE"] })).id}`, body: { countries: ["FR"] }, action: "geo_preset.updated" }),
    deleteGeoPreset: async () => ({ method: "DELETE", path: `/v1/geo-presets/${(await post("/v1/geo-presets", { name: "P", countries: ["DE"] })).id}`, action: "geo_preset.deleted" }),
    createWebhook: async () => ({ method: "POST", path: "/v1/webhooks", body: { url: "http://127.0.0.1:9/hook?token=receiver-token", events: ["link.created"] }, action: "webhook.created" }),
    promoteLinkVariant: async () => {
      const id = (await post("/v1/links", { url: "https://example.com/a", slug: unique("ab"), variants: [{ url: "https://example.com/a", weight: 50 }, { url: "https://example.com/b", weight: 50 }] })).data.id as string;
      return { method: "POST", path: `/v1/links/${id}/variants/1/promote`, action: "link.updated" };
    },
    deleteWebsiteSubscriber: async () => {
      const slug = unique("news");
      const site = await post("/v1/websites", { websiteId: slug, templateId: "bonbon-card", customSlug: slug, data: { profile: { name: "News" }, links: [{ type: "signup", id: "news", title: "Join" }] } });
      assert.equal((await postForm(server, PRIMARY, "/__hop/signup", { page: site.id, block: "news", email: `${slug}@example.com` })).status, 303);
      const subscriber = (await api(server, "GET", `/v1/websites/${site.id}/subscribers`, { key: owner.key })).body.data[0].id as string;
      return { method: "DELETE", path: `/v1/websites/${site.id}/subscribers/${subscriber}`, action: "subscriber.deleted" };
    },
    deleteWebhook: async () => ({ method: "DELETE", path: `/v1/webhooks/${(await post("/v1/webhooks", { url: "http://127.0.0.1:9/gone", events: ["link.created"] })).data.id}`, action: "webhook.deleted" }),
  };

  test("every write operation of the registry writes exactly one entry, naming the key, with no secret", async () => {
    const writes = Object.entries(operations as Record<string, Operation>).filter(([, op]) => op.method !== "get");
    assert.deepEqual(writes.map(([name]) => name).filter((name) => !CASES[name]), [], "write operations without an audit case");
    assert.ok(writes.length >= 23, "the walk sees the registry");
    const secrets = [owner.key, LINK_PASSWORD, "receiver-token"];
    for (const [name] of writes) {
      const call = await CASES[name]();
      const newest = (await log("?limit=1")).body.data[0]?.id as string | undefined;
      const res = await api(server, call.method, call.path, { key: owner.key, body: call.body, raw: call.raw, headers: call.headers });
      assert.ok(res.status < 300, `${name}: ${res.status} ${res.text}`);
      if (name === "createWebhook") secrets.push(res.body.data.secret);
      const page = (await log("?limit=100")).body.data as Array<Record<string, any>>;
      const fresh = newest ? page.slice(0, page.findIndex((e) => e.id === newest)) : page;
      assert.equal(fresh.length, 1, `${name}: ${fresh.map((e) => e.action).join(", ")}`);
      const [entry] = fresh;
      assert.equal(entry.action, call.action, name);
      assert.deepEqual({ type: entry.actor.type, id: entry.actor.id, via: entry.actor.via }, { type: "key", id: owner.keyId, via: "api" }, name);
      assert.equal(entry.actor.keyPrefix, owner.key.slice(0, 16));
      const text = JSON.stringify(entry);
      for (const secret of secrets) assert.ok(!text.includes(secret), `${name}: the entry holds a secret`);
    }
    // The PUT's entry (the variant's promotion, a link.updated too, came after it).
    const updated = ((await log("?action=link.updated")).body.data as Array<Record<string, any>>).find((e) => e.changes?.fields?.includes("title"))!;
    assert.ok(updated.changes.fields.includes("title") && updated.changes.fields.some((f: string) => /password/i.test(f)), "a secret field is named");
    assert.equal(updated.changes.values.title, "Renamed");
    const imported = (await log("?action=links.imported")).body.data[0];
    assert.equal(imported.changes.details.created, 2);
    assert.equal(imported.changes.details.ids.length, 2);
  });

  test("filters, cursor pages and the CSV export", async () => {
    const account = await createAccount(server);
    const second = await admin(server, "key", "create", "--email", account.email, "--name", "Second key");
    for (let i = 0; i < 5; i += 1) await api(server, "POST", "/v1/groups", { key: account.key, body: { name: `G${i}` } });
    const link = (await api(server, "POST", "/v1/links", { key: String(second.key), body: { url: "https://example.com/f", slug: unique("f") } })).body.data.id;
    const all: string[] = [];
    let cursor = "";
    for (;;) {
      const page = await log(`?limit=2${cursor ? `&cursor=${cursor}` : ""}`, account.key);
      assert.equal(page.status, 200);
      all.push(...page.body.data.map((e: { action: string }) => e.action));
      if (!page.body.nextCursor) break;
      cursor = page.body.nextCursor;
    }
    // The CLI made the account and the two keys first (as the operator).
    assert.deepEqual(all, ["link.created", "group.created", "group.created", "group.created", "group.created", "group.created", "key.created", "key.created", "account.created"]);
    assert.equal((await log("?action=key.created&actor=operator", account.key)).body.data[0].actor.via, "cli");
    assert.equal((await log("?action=group", account.key)).body.data.length, 5);
    assert.equal((await log(`?actor=${second.prefix}`, account.key)).body.data.length, 1);
    assert.equal((await log(`?actor=${encodeURIComponent("Second key")}`, account.key)).body.data.length, 1);
    assert.equal((await log(`?target=${link}`, account.key)).body.data[0].action, "link.created");
    assert.equal((await log(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`, account.key)).body.data.length, 0);
    assert.equal((await log("?cursor=nonsense", account.key)).status, 400);
    assert.equal((await log("?limit=500", account.key)).status, 400);
    const csv = await api(server, "GET", "/v1/audit-log/export?action=group", { key: account.key });
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get("content-type") ?? "", /text\/csv/);
    const lines = csv.text.trim().split("\r\n");
    assert.equal(lines.length, 6);
    assert.match(lines[0], /^createdAt,action,actorType/);
  });

  test("two accounts: each reads only its own log; a team's log is for its owner and admins", async () => {
    const a = await createAccount(server);
    const b = await createAccount(server);
    await api(server, "POST", "/v1/groups", { key: a.key, body: { name: "A's" } });
    assert.equal((await log("?action=group", b.key)).body.data.length, 0);
    assert.equal((await log(`?workspace=${a.id}`, b.key)).status, 403);
    await admin(server, "team", "add", "--owner", a.email, "--member", b.email, "--role", "editor");
    assert.equal((await log(`?workspace=${a.id}`, b.key)).status, 403, "an editor does not read the owner's log");
    const c = await createAccount(server);
    await admin(server, "team", "add", "--owner", a.email, "--member", c.email, "--role", "admin");
    const read = await log(`?workspace=${a.id}`, c.key);
    assert.equal(read.status, 200);
    assert.deepEqual(read.body.data.map((e: { action: string }) => e.action), ["member.added", "member.added", "group.created", "key.created", "account.created"]);
    const viewer = String((await admin(server, "key", "create", "--email", a.email, "--role", "viewer")).key);
    assert.equal((await log("", viewer)).status, 403, "account:read is not a viewer's");
  });

  test("a team editor's change lands in the owner's log, naming the editor's key", async () => {
    const ownerAccount = await createAccount(server);
    const editor = await createAccount(server);
    await admin(server, "team", "add", "--owner", ownerAccount.email, "--member", editor.email, "--role", "editor");
    const res = await api(server, "POST", "/v1/links", { key: editor.key, body: { url: "https://example.com/t", slug: unique("t"), forTeamOwner: true } });
    assert.equal(res.status, 201);
    const entry = (await log("", ownerAccount.key)).body.data[0];
    assert.equal(entry.action, "link.created");
    assert.equal(entry.actor.id, editor.keyId);
    assert.equal((await log("?action=link", editor.key)).body.data.length, 0);
  });
});
