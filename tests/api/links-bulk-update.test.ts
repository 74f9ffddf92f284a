import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { callTool, connectMcp, toolOk } from "../helpers/mcp";
import { PRIMARY, visit } from "../helpers/visit";
import { admin, usingPostgres, type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";

// POST /v1/links/bulk-update (docs/API.md, docs/decisions/046-bulk-update.md): a filter that means
// what GET /v1/links' filters mean, a change applied to every matched link, failures listed,
// a dry run that changes nothing.

const SYSTEM = "sys.hop.test";
/** A webhook whose deliveries stay pending (nothing listens there), so they can be counted. */
const ENV = { SYSTEM_DOMAINS: SYSTEM, WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_POLL_MS: "600000" };
/** 20,000 links on PostgreSQL; 5,000 on PGlite, where importing 20,000 alone takes longer than the test may. */
const MANY = usingPostgres ? 20_000 : 5_000;

const slug = (prefix = "bu") => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

describe("POST /v1/links/bulk-update", () => {
  let server: HopServer;
  before(async () => {
    server = await sharedServer({ env: ENV });
  });
  after(() => server.stop());

  const make = async (account: TestAccount, url: string, extra: Record<string, unknown> = {}) => {
    const res = await api(server, "POST", "/v1/links", { key: account.key, body: { url, slug: slug(), ...extra } });
    assert.equal(res.status, 201, res.text);
    return res.body.data as { id: string; slug: string; domain: string; destination: string; tags: string[] };
  };
  const get = async (account: TestAccount, id: string) => (await api(server, "GET", `/v1/links/${encodeURIComponent(id)}`, { key: account.key })).body.data;
  const bulk = (account: TestAccount, body: unknown, key = account.key) => api(server, "POST", "/v1/links/bulk-update", { key, body });
  const ids = (links: Array<{ id: string }>) => links.map((link) => link.id).sort();

  test("tags replaces the tag list, groupId sets and removes the group, expiresAt sets and clears the expiry, isActive switches", async () => {
    const account = await createAccount(server);
    const a = await make(account, "https://shop.example.com/a", { tags: ["old", "keep"] });
    const b = await make(account, "https://shop.example.com/b", { tags: ["old"] });
    const filter = { ids: [a.id, b.id] };
    const tagged = await bulk(account, { filter, change: { tags: ["new", "new", "spring"] } });
    assert.equal(tagged.status, 200, tagged.text);
    assert.deepEqual([tagged.body.matched, tagged.body.changed, tagged.body.dryRun, tagged.body.failed], [2, 2, false, []]);
    assert.deepEqual((await get(account, a.id)).tags, ["new", "spring"]);

    const group = (await api(server, "POST", "/v1/groups", { key: account.key, body: { name: "Spring" } })).body;
    const grouped = await bulk(account, { filter, change: { groupId: group.id } });
    assert.equal(grouped.body.changed, 2);
    assert.equal((await get(account, b.id)).groupId, group.id);
    assert.deepEqual(ids(grouped.body.sample), ids([a, b]));
    assert.ok(grouped.body.sample.every((link: { groupId: string }) => link.groupId === group.id));
    assert.equal((await bulk(account, { filter, change: { groupId: null } })).body.changed, 2);
    assert.equal((await get(account, b.id)).groupId, null);

    const expiresAt = "2031-01-01T00:00:00.000Z";
    assert.equal((await bulk(account, { filter, change: { expiresAt } })).body.changed, 2);
    assert.equal((await get(account, a.id)).expiresAt, expiresAt);
    const again = await bulk(account, { filter, change: { expiresAt } });
    assert.deepEqual([again.body.matched, again.body.changed, again.body.sample], [2, 0, []], "links already as asked are not changed");
    assert.equal((await bulk(account, { filter, change: { expiresAt: null } })).body.changed, 2);
    assert.equal((await get(account, a.id)).expiresAt, null);

    assert.equal((await bulk(account, { filter: { ids: [a.id] }, change: { isActive: false } })).body.changed, 1);
    assert.equal((await get(account, a.id)).isActive, false);
    assert.equal((await visit(server, PRIMARY, `/${a.slug}`)).status, 404);
  });

  test("utm sets and removes utm_* parameters; replaceHost and replacePrefix rewrite destinations they match", async () => {
    const account = await createAccount(server);
    const utm = await make(account, "https://shop.example.com/p?utm_source=old&x=1");
    const host = await make(account, "https://OLD.example.com/a?q=1");
    const other = await make(account, "https://else.example.com/a");
    const prefixed = await make(account, "https://shop.example.com/en/shoes");

    const tagged = await bulk(account, { filter: { ids: [utm.id] }, change: { utm: { source: null, campaign: "spring sale" } } });
    assert.equal(tagged.body.changed, 1);
    assert.equal((await get(account, utm.id)).destination, "https://shop.example.com/p?x=1&utm_campaign=spring+sale");

    const moved = await bulk(account, { filter: { ids: [host.id, other.id] }, change: { replaceHost: { from: "Old.Example.com", to: "new.example.com" } } });
    assert.deepEqual([moved.body.matched, moved.body.changed], [2, 1]);
    assert.equal((await get(account, host.id)).destination, "https://new.example.com/a?q=1");
    assert.equal((await get(account, other.id)).destination, "https://else.example.com/a");

    const swapped = await bulk(account, { filter: { ids: [prefixed.id, other.id] }, change: { replacePrefix: { from: "https://shop.example.com/en/", to: "https://shop.example.com/de/" } } });
    assert.deepEqual([swapped.body.matched, swapped.body.changed], [2, 1]);
    assert.equal(swapped.body.sample[0].destination, "https://shop.example.com/de/shoes");
    assert.equal((await get(account, prefixed.id)).destination, "https://shop.example.com/de/shoes");
    const res = await visit(server, PRIMARY, `/${prefixed.slug}`);
    assert.equal(res.headers.location, "https://shop.example.com/de/shoes");
  });

  test("filters mean what GET /v1/links' mean: tags (every one), groupId, domain, search, isActive, ids", async () => {
    const account = await createAccount(server);
    const group = (await api(server, "POST", "/v1/groups", { key: account.key, body: { name: "Filtered" } })).body;
    const red = await make(account, "https://shop.example.com/red", { tags: ["red", "sale"], groupId: group.id, title: "Crimson offer" });
    const blue = await make(account, "https://shop.example.com/blue", { tags: ["blue", "sale"], domain: SYSTEM });
    const plain = await make(account, "https://shop.example.com/plain");
    await bulk(account, { filter: { ids: [plain.id] }, change: { isActive: false } });
    const matched = async (filter: Record<string, unknown>) => {
      const res = await bulk(account, { filter, change: { tags: ["probe"] }, dryRun: true });
      assert.equal(res.status, 200, res.text);
      return ids(res.body.sample);
    };
    assert.deepEqual(await matched({ tags: ["sale"] }), ids([red, blue]));
    assert.deepEqual(await matched({ tags: ["sale", "red"] }), ids([red]));
    assert.deepEqual(await matched({ groupId: group.id }), ids([red]));
    assert.deepEqual(await matched({ domain: SYSTEM.toUpperCase() }), ids([blue]));
    assert.deepEqual(await matched({ search: "  crimson " }), ids([red]));
    assert.deepEqual(await matched({ search: "plain" }), ids([plain]));
    assert.deepEqual(await matched({ isActive: false }), ids([plain]));
    assert.deepEqual(await matched({ isActive: true, tags: ["sale"], domain: SYSTEM }), ids([blue]));
    assert.deepEqual(await matched({ ids: [red.id, plain.id, "no-such-link"] }), ids([red, plain]));
    const listed = (await api(server, "GET", "/v1/links?tag=sale&search=crimson", { key: account.key })).body.data;
    assert.deepEqual(await matched({ tags: ["sale"], search: "crimson" }), ids(listed));
  });

  test("a dry run answers the counts, the sample and the failures, and changes nothing: no link, no webhook delivery, no audit entry", async () => {
    const account = await createAccount(server);
    const hook = (await api(server, "POST", "/v1/webhooks", { key: account.key, body: { url: "http://127.0.0.1:9/hook", events: ["link.updated"] } })).body.data;
    const a = await make(account, "https://old.example.com/a", { tags: ["dry"] });
    const b = await make(account, "https://old.example.com/b", { tags: ["dry"] });
    const body = { filter: { tags: ["dry"] }, change: { replaceHost: { from: "old.example.com", to: "new.example.com" }, tags: ["wet"] } };
    const dry = await bulk(account, { ...body, dryRun: true });
    assert.deepEqual([dry.body.matched, dry.body.changed, dry.body.dryRun], [2, 2, true]);
    assert.deepEqual(dry.body.sample.map((link: { destination: string }) => link.destination).sort(), ["https://new.example.com/a", "https://new.example.com/b"]);
    assert.deepEqual((await get(account, a.id)).destination, "https://old.example.com/a");
    assert.deepEqual((await get(account, b.id)).tags, ["dry"]);
    const deliveries = async () => (await api(server, "GET", `/v1/webhooks/${hook.id}/deliveries`, { key: account.key })).body.data.length;
    assert.equal(await deliveries(), 0);
    const audit = async () => (await api(server, "GET", "/v1/audit-log?action=links.bulk_updated", { key: account.key })).body.data;
    assert.equal((await audit()).length, 0);

    const real = await bulk(account, body);
    assert.deepEqual([real.body.matched, real.body.changed, real.body.dryRun], [2, 2, false]);
    assert.deepEqual(real.body.sample.map((link: { id: string; destination: string; tags: string[] }) => [link.id, link.destination, link.tags]), dry.body.sample.map((link: { id: string; destination: string; tags: string[] }) => [link.id, link.destination, link.tags]));
    assert.equal((await get(account, a.id)).destination, "https://new.example.com/a");
    assert.equal(await deliveries(), 2);
    const entries = await audit();
    assert.equal(entries.length, 1, "one entry for the whole request");
    assert.deepEqual([entries[0].changes.details.matched, entries[0].changes.details.changed, entries[0].changes.fields], [2, 2, ["tags", "replaceHost"]]);
  });

  test(`${MANY.toLocaleString("en")} links changed by a tag filter: a dry run first, then the real run, and a visitor follows the new destination`, { timeout: 300_000 }, async () => {
    const account = await createAccount(server);
    await admin(server, "account", "set-limits", "--email", account.email, "--total", "null", "--active", "null", "--daily", "100000", "--hourly", "100000");
    const half = MANY / 2;
    for (const part of [0, 1]) {
      const rows = Array.from({ length: half }, (_, i) => `https://old.example.com/p/${part * half + i},many-${part}-${i},many|x${i % 3}`);
      const res = await api(server, "POST", "/v1/links/import", { key: account.key, raw: `url,slug,tags\n${rows.join("\n")}\n`, headers: { "content-type": "text/csv" } });
      assert.equal(res.status, 200, res.text.slice(0, 500));
      assert.equal(res.body.created, half, JSON.stringify(res.body.failed.slice(0, 3)));
    }
    await make(account, "https://old.example.com/untagged");
    const body = { filter: { tags: ["many"] }, change: { replaceHost: { from: "old.example.com", to: "new.example.com" }, utm: { source: "hop" } } };
    const dry = await bulk(account, { ...body, dryRun: true });
    assert.equal(dry.status, 200, dry.text);
    assert.deepEqual([dry.body.matched, dry.body.changed, dry.body.failedCount, dry.body.sample.length], [MANY, MANY, 0, 10]);
    assert.match(dry.body.sample[0].destination, /^https:\/\/new\.example\.com\/p\/\d+\?utm_source=hop$/);
    assert.equal((await get(account, dry.body.sample[0].id)).destination.startsWith("https://old.example.com/"), true);

    const real = await bulk(account, body);
    assert.deepEqual([real.body.matched, real.body.changed, real.body.failedCount], [MANY, MANY, 0]);
    const sampled = real.body.sample[3];
    const res = await visit(server, PRIMARY, `/${sampled.slug}`);
    assert.equal(res.headers.location, sampled.destination);
    assert.match(sampled.destination, /^https:\/\/new\.example\.com\/p\/\d+\?utm_source=hop$/);
    const left = await api(server, "GET", "/v1/links?search=old.example.com", { key: account.key });
    assert.equal(left.body.pagination.totalCount, 1, "only the untagged link keeps the old host");
  });

  test("a link whose new destination PUT would refuse is left unchanged and listed in failed", async () => {
    const account = await createAccount(server);
    const bad = await make(account, "https://shop.example.com/x", { tags: ["fail"] });
    const blocked = await make(account, "https://old.example.com/y", { tags: ["fail"] });
    const fine = await make(account, "https://old.example.com/z", { tags: ["fail"], domain: SYSTEM });
    const looped = await make(account, "https://shop.example.com/placeholder", { tags: ["fail"] });
    await api(server, "PUT", `/v1/links/${looped.id}`, { key: account.key, body: { destination: `https://shop.example.com/${looped.slug}` } });

    const prefix = await bulk(account, { filter: { ids: [bad.id] }, change: { replacePrefix: { from: "https://", to: "ftp://" } } });
    assert.deepEqual([prefix.body.changed, prefix.body.failed.map((f: { id: string; code: string }) => [f.id, f.code])], [0, [[bad.id, "INVALID_DESTINATION_URL"]]]);
    assert.equal(typeof prefix.body.failed[0].error, "string");

    const host = await bulk(account, { filter: { tags: ["fail"] }, change: { replaceHost: { from: "old.example.com", to: "bit.ly" } } });
    assert.deepEqual([host.body.matched, host.body.changed, host.body.failedCount], [4, 1, 1]);
    assert.deepEqual(host.body.failed.map((f: { id: string; code: string }) => [f.id, f.code]), [[blocked.id, "BLOCKED_BOUNCY_DESTINATION"]]);
    assert.equal((await get(account, blocked.id)).destination, "https://old.example.com/y");
    assert.equal((await get(account, fine.id)).destination, "https://bit.ly/z", "a system domain may point at a redirector");

    const loop = await bulk(account, { filter: { ids: [looped.id] }, change: { replacePrefix: { from: "https://shop.example.com/", to: `http://${PRIMARY}/` }, tags: ["moved"] } });
    assert.deepEqual(loop.body.failed.map((f: { code: string }) => f.code), ["INVALID_DESTINATION_URL"]);
    assert.match(loop.body.failed[0].error, /loop/);
    assert.deepEqual((await get(account, looped.id)).tags, ["fail"], "a failed link keeps every column");
    assert.equal((await get(account, bad.id)).destination, "https://shop.example.com/x");
  });

  test("isActive: true stops at the plan's active limit; the rest stay inactive, unchanged and listed", async () => {
    const account = await createAccount(server);
    const links = [];
    for (let i = 0; i < 5; i += 1) links.push(await make(account, `https://shop.example.com/${i}`, { tags: ["limit"] }));
    assert.equal((await bulk(account, { filter: { tags: ["limit"] }, change: { isActive: false } })).body.changed, 5);
    await admin(server, "account", "set-limits", "--email", account.email, "--active", "3");
    const body = { filter: { tags: ["limit"] }, change: { isActive: true, tags: ["limit", "on"] } };
    const dry = await bulk(account, { ...body, dryRun: true });
    assert.deepEqual([dry.body.changed, dry.body.failedCount], [3, 2]);
    const real = await bulk(account, body);
    assert.deepEqual([real.body.matched, real.body.changed, real.body.failedCount], [5, 3, 2]);
    assert.ok(real.body.failed.every((f: { code: string }) => f.code === "ACTIVE_LINK_LIMIT_REACHED"));
    const active = (await api(server, "GET", "/v1/links?tag=on", { key: account.key })).body.data;
    assert.equal(active.length, 3);
    assert.ok(active.every((link: { isActive: boolean }) => link.isActive));
    for (const failed of real.body.failed) assert.equal((await get(account, failed.id)).isActive, false);
  });

  test("two accounts: a filter never reaches the other's links, and the other's group is 404", async () => {
    const one = await createAccount(server);
    const two = await createAccount(server);
    const mine = await make(one, "https://old.example.com/mine", { tags: ["shared-tag"] });
    const theirs = await make(two, "https://old.example.com/theirs", { tags: ["shared-tag"] });
    const change = { replaceHost: { from: "old.example.com", to: "new.example.com" } };
    const res = await bulk(one, { filter: { tags: ["shared-tag"] }, change });
    assert.deepEqual([res.body.matched, res.body.changed, ids(res.body.sample)], [1, 1, [mine.id]]);
    assert.equal((await bulk(one, { filter: { ids: [theirs.id] }, change })).body.matched, 0);
    assert.equal((await get(two, theirs.id)).destination, "https://old.example.com/theirs");
    const group = (await api(server, "POST", "/v1/groups", { key: two.key, body: { name: "Theirs" } })).body;
    const refused = await bulk(one, { filter: { ids: [mine.id] }, change: { groupId: group.id } });
    assert.equal(refused.status, 404);
    assert.equal(refused.body.error.code, "group_not_found");
    assert.equal((await get(one, mine.id)).groupId, null);
  });

  test("the MCP tool update_links_bulk: its dryRun answers the body's own dry run and changes nothing; without it the links change", async () => {
    const account = await createAccount(server);
    const link = await make(account, "https://old.example.com/mcp", { tags: ["mcp"] });
    const client = await connectMcp(server, account.key);
    try {
      const body = { filter: { tags: ["mcp"] }, change: { replaceHost: { from: "old.example.com", to: "new.example.com" } } };
      const dry = toolOk(await callTool(client, "update_links_bulk", { body, dryRun: true }));
      assert.deepEqual([dry.dryRun, dry.wouldChange.matched, dry.wouldChange.changed, dry.wouldChange.sample[0].destination], [true, 1, 1, "https://new.example.com/mcp"]);
      assert.equal((await get(account, link.id)).destination, "https://old.example.com/mcp");
      const real = toolOk(await callTool(client, "update_links_bulk", { body }));
      assert.deepEqual([real.changed, real.dryRun], [1, false]);
      assert.equal((await get(account, link.id)).destination, "https://new.example.com/mcp");
    } finally {
      await client.close();
    }
  });

  test("a key restricted to a group changes only that group's links, and never moves one out of its groups", async () => {
    const account = await createAccount(server);
    const groupA = (await api(server, "POST", "/v1/groups", { key: account.key, body: { name: "A" } })).body.id;
    const groupB = (await api(server, "POST", "/v1/groups", { key: account.key, body: { name: "B" } })).body.id;
    const inside = await make(account, "https://shop.example.com/in", { tags: ["scoped"], groupId: groupA });
    const outside = await make(account, "https://shop.example.com/out", { tags: ["scoped"], groupId: groupB });
    const key = String((await admin(server, "key", "create", "--email", account.email, "--role", "full", "--groups", groupA)).key);
    const res = await bulk(account, { filter: { tags: ["scoped"] }, change: { tags: ["seen"] } }, key);
    assert.deepEqual([res.body.matched, res.body.changed, ids(res.body.sample)], [1, 1, [inside.id]]);
    assert.deepEqual((await get(account, outside.id)).tags, ["scoped"]);
    for (const groupId of [groupB, null]) {
      const moved = await bulk(account, { filter: { ids: [inside.id] }, change: { groupId } }, key);
      assert.deepEqual([moved.status, moved.body.error.code], [403, "outside_key_restrictions"]);
    }
    assert.equal((await get(account, inside.id)).groupId, groupA);
  });

  test("a viewer key is 403 forbidden; a key without links:write is 403 insufficient_scope", async () => {
    const account = await createAccount(server);
    const link = await make(account, "https://shop.example.com/keys");
    const body = { filter: { ids: [link.id] }, change: { tags: ["x"] } };
    const viewer = String((await admin(server, "key", "create", "--email", account.email, "--role", "viewer")).key);
    const asViewer = await bulk(account, body, viewer);
    assert.deepEqual([asViewer.status, asViewer.body.error.code], [403, "forbidden"]);
    const reader = String((await admin(server, "key", "create", "--email", account.email, "--scopes", "links:read")).key);
    const asReader = await bulk(account, body, reader);
    assert.deepEqual([asReader.status, asReader.body.error.code, asReader.body.error.scope], [403, "insufficient_scope", "links:write"]);
    assert.deepEqual((await get(account, link.id)).tags, []);
  });

  test("bad bodies are 400 invalid_request naming the field", async () => {
    const account = await createAccount(server);
    const link = await make(account, "https://shop.example.com/bad");
    const cases: Array<[unknown, string, RegExp?]> = [
      [{ filter: {}, change: { tags: [] } }, "filter", /empty filter/],
      [{ filter: { ids: [link.id] }, change: {} }, "change", /at least one/],
      [{ filter: { ids: [link.id] } }, "change"],
      [{ filter: { tag: "x" }, change: { tags: [] } }, "filter"],
      [{ filter: { ids: [link.id] }, change: { title: "x" } }, "change"],
      [{ filter: { ids: [link.id] }, change: { tags: [] }, force: true }, ""],
      [{ filter: { ids: [link.id] }, change: { replaceHost: { from: "a.example", to: "b.example" }, replacePrefix: { from: "https://a", to: "https://b" } } }, "change", /not both/],
      [{ filter: { ids: Array.from({ length: 1_001 }, (_, i) => `id-${i}`) }, change: { tags: [] } }, "filter.ids"],
      [{ filter: { ids: [link.id] }, change: { replaceHost: { from: "a.example", to: "https://b.example/path" } } }, "change.replaceHost.to"],
      [{ filter: { ids: [link.id] }, change: { utm: {} } }, "change.utm"],
    ];
    for (const [body, field, message] of cases) {
      const res = await bulk(account, body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 200));
      assert.equal(typeof res.body.error, "object", res.text);
      assert.equal(res.body.error.field ?? "", field, res.text);
      if (message) assert.match(res.body.error.message, message);
    }
    const date = await bulk(account, { filter: { ids: [link.id] }, change: { expiresAt: "tomorrow" } });
    assert.deepEqual([date.status, date.body.code, date.body.field], [400, "INVALID_EXPIRATION", "change.expiresAt"], "expiresAt answers PUT's own flat code");
    assert.deepEqual((await get(account, link.id)).tags, []);
  });
});
