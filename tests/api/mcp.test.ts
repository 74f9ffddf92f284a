import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { addKey, api, createAccount, type TestAccount } from "../helpers/api";
import { callTool as call, connectMcp, toolError as errorOf, toolOk as ok } from "../helpers/mcp";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";
import { toolsFor } from "../../lib/api/mcp/tools";
import { PRIMARY, visit } from "../helpers/visit";

// /mcp (docs/mcp.md) spoken to with the SDK's own client against a started server: the tools the
// key may call, each family end to end through the /v1 pipeline, dry runs that change nothing,
// role refusals as tool errors, protocol errors for malformed messages and unknown tools, no 5xx.

describe("MCP server at /mcp", () => {
  let server: HopServer;
  let owner: TestAccount;
  const clients: Client[] = [];
  before(async () => {
    server = await startServer({ env: { WEBHOOK_ALLOW_PRIVATE: "true" } });
    owner = await createAccount(server);
  });
  after(async () => {
    for (const client of clients) await client.close();
    await server.stop();
  });

  const connect = async (key: string) => {
    const client = await connectMcp(server, key);
    clients.push(client);
    return client;
  };

  test("initialize names the server; tools/list is the registry's tools the key's role may call", async () => {
    const client = await connect(owner.key);
    assert.equal(client.getServerVersion()?.name, "hop");
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), toolsFor({ role: "full" }).map((tool) => tool.name).sort());
    for (const family of ["create_link", "list_links", "get_link", "update_link", "delete_link", "create_links_bulk", "set_link_status", "get_link_qr", "get_link_analytics", "get_analytics_overview", "list_domains", "connect_domain", "verify_domain", "list_groups", "create_geo_preset", "create_website", "create_draft", "list_webhooks", "create_webhook", "get_usage"]) {
      assert.ok(tools.some((tool) => tool.name === family), family);
    }
    const create = tools.find((tool) => tool.name === "create_link")!;
    assert.deepEqual(create.annotations, { title: "Create a link", readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    assert.ok((create.inputSchema.properties as Record<string, unknown>).url && (create.inputSchema.properties as Record<string, unknown>).dryRun);
    assert.match(create.description!, /POST \/v1\/links/);
    const remove = tools.find((tool) => tool.name === "delete_link")!;
    assert.equal(remove.annotations?.destructiveHint, true);
    assert.equal(tools.find((tool) => tool.name === "list_links")!.annotations?.readOnlyHint, true);

    const viewer = await connect((await addKey(server, owner.email, "viewer")).key);
    const seen = (await viewer.listTools()).tools.map((tool) => tool.name).sort();
    assert.deepEqual(seen, toolsFor({ role: "viewer" }).map((tool) => tool.name).sort());
    assert.ok(seen.includes("list_links") && !seen.includes("create_link") && !seen.includes("list_webhooks"));
  });

  test("the link tools, end to end through the same pipeline as /v1", async () => {
    const client = await connect(owner.key);
    const created = ok(await call(client, "create_link", { url: "https://example.com/mcp", slug: "mcp-made", title: "From MCP" }));
    assert.equal(created.data.slug, "mcp-made");
    const rest = await api(server, "GET", "/v1/links/mcp-made", { key: owner.key });
    assert.equal(rest.status, 200);
    assert.equal(rest.body.data.title, "From MCP");

    assert.equal(ok(await call(client, "get_link", { identifier: "mcp-made" })).data.destination, "https://example.com/mcp");
    assert.ok(ok(await call(client, "list_links", { search: "mcp-made" })).data.some((link: { slug: string }) => link.slug === "mcp-made"));
    assert.deepEqual(ok(await call(client, "update_link", { identifier: "mcp-made", title: "Renamed" })).updatedFields, ["title"]);
    // Audited as the key's change, via MCP (the mark is the process's own, never a header).
    const audit = await api(server, "GET", "/v1/audit-log?action=link.updated", { key: owner.key });
    assert.equal(audit.status, 200, audit.text);
    assert.deepEqual([audit.body.data[0].actor.type, audit.body.data[0].actor.via, audit.body.data[0].target.id], ["key", "mcp", "mcp-made"]);
    const direct = await api(server, "PUT", "/v1/links/mcp-made", { key: owner.key, body: { title: "Renamed again" }, headers: { "x-hop-via": "mcp" } });
    assert.equal(direct.status, 200, direct.text);
    assert.equal((await api(server, "GET", "/v1/audit-log?action=link.updated", { key: owner.key })).body.data[0].actor.via, "api");
    assert.equal(ok(await call(client, "set_link_status", { identifier: "mcp-made", setActive: false })).isActive, false);
    const qr = await call(client, "get_link_qr", { identifier: "mcp-made" });
    const image = (qr.content as Array<{ type: string; mimeType?: string; data?: string }>)[0];
    assert.equal(image.type, "image");
    assert.equal(image.mimeType, "image/svg+xml");
    assert.match(Buffer.from(image.data!, "base64").toString("utf8"), /<svg/);
    const bulk = ok(await call(client, "create_links_bulk", { links: [{ url: "https://example.com/a", slug: "mcp-bulk-a" }, { url: "notaurl", slug: "mcp-bulk-b" }] }));
    assert.equal(bulk.createdCount, 1);
    assert.equal(bulk.results.failed[0].index, 1);
    assert.equal(ok(await call(client, "get_link_analytics", { identifier: "mcp-made", timeframe: "last_7_days" })).totalViews, 0);
    ok(await call(client, "delete_link", { identifier: "mcp-made" }));
    assert.equal(errorOf(await call(client, "get_link", { identifier: "mcp-made" })).code, "link_not_found");
    // The API's own field errors come back as tool errors with the code, message and field.
    const bad = errorOf(await call(client, "create_link", { url: "ftp://nope", slug: "mcp-bad" }));
    assert.equal(bad.code, "INVALID_DESTINATION_URL");
    assert.equal(bad.field, "url");
  });

  test("a tool call counts as one API request of the key; the envelope does not", async () => {
    const client = await connect(owner.key);
    const used = async () => (await api(server, "GET", "/v1/account/usage", { key: owner.key })).body.totalRequests as number;
    const before = await used();
    await client.listTools();
    await call(client, "list_groups");
    assert.equal((await used()) - before, 2, "the tool call and the second usage request");
    assert.equal(ok(await call(client, "get_usage")).totalRequests, before + 3);
  });

  test("domains, groups, presets, websites, drafts, webhooks and account tools", async () => {
    const client = await connect(owner.key);
    assert.deepEqual(ok(await call(client, "list_domains")).data, []);
    const domain = ok(await call(client, "connect_domain", { domain: "links.mcp-test.example" }));
    assert.equal(domain.domain, "links.mcp-test.example");
    assert.equal(ok(await call(client, "verify_domain", { domain: "links.mcp-test.example" })).verified, false);
    const group = ok(await call(client, "create_group", { name: "Campaign" }));
    assert.ok(ok(await call(client, "list_groups")).data.some((g: { id: string }) => g.id === group.id));
    const preset = ok(await call(client, "create_geo_preset", { name: "Nordics", countries: ["SE", "NO"] }));
    assert.deepEqual(preset.countries, ["SE", "NO"]);
    const draft = ok(await call(client, "create_draft", { semantic: { profile: { name: "Ada" }, links: [{ title: "Site", url: "https://example.com" }] } }));
    assert.match(draft.data.editorUrl, /\/editor\/drf_/);
    const page = ok(await call(client, "create_website", { websiteId: "w1", templateId: "simple-stack-v2", data: { profile: { name: "Ada" } }, customSlug: "mcp-page" }));
    assert.ok(page.data ?? page);
    assert.equal(ok(await call(client, "get_website", { id: "mcp-page" })).data.slug, "mcp-page");
    const hook = ok(await call(client, "create_webhook", { url: "http://127.0.0.1:9/hook", events: ["link.created"] }));
    assert.match(hook.data?.secret ?? hook.secret, /^whsec_/);
    assert.equal(ok(await call(client, "list_webhooks")).data.length, 1);
    assert.equal(ok(await call(client, "get_limits")).plan, "growth");
    assert.equal((await visit(server, PRIMARY, "/mcp-page")).status, 200);
    let overview: any;
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
      overview = ok(await call(client, "get_analytics_overview", { timeframe: "last_7_days" }));
      if (overview.totalViews > 0) break;
    }
    assert.deepEqual([overview.bucket, overview.series.length, overview.totalViews, overview.topLinks[0].id], ["day", 7, 1, "mcp-page"]);
    const rest = await api(server, "GET", "/v1/analytics/overview?timeframe=last_7_days", { key: owner.key });
    assert.deepEqual([rest.status, rest.body.bucket, rest.body.totalViews], [200, "day", overview.totalViews]);
    const other = await createAccount(server);
    assert.deepEqual((await api(server, "GET", "/v1/analytics/overview", { key: other.key })).body.topLinks, [], "another account's views are not counted");
  });

  test("dryRun answers what would change and changes nothing", async () => {
    const client = await connect(owner.key);
    ok(await call(client, "create_link", { url: "https://example.com/dry", slug: "mcp-dry" }));
    const update = ok(await call(client, "update_link", { identifier: "mcp-dry", destination: "https://example.com/other", dryRun: true }));
    assert.equal(update.dryRun, true);
    assert.deepEqual(update.changes.destination, { before: "https://example.com/dry", after: "https://example.com/other" });
    assert.equal(ok(await call(client, "get_link", { identifier: "mcp-dry" })).data.destination, "https://example.com/dry");

    const create = ok(await call(client, "create_link", { url: "https://example.com/new", slug: "mcp-dry-new", dryRun: true }));
    assert.equal(create.wouldSend.body.slug, "mcp-dry-new");
    assert.deepEqual([create.wouldCreate.slug, create.wouldCreate.destination], ["mcp-dry-new", "https://example.com/new"]);
    assert.equal(typeof create.limits.currentTotal, "number");
    assert.equal(errorOf(await call(client, "get_link", { identifier: "mcp-dry-new" })).code, "link_not_found");

    const bulk = ok(await call(client, "create_links_bulk", { links: [{ url: "https://example.com/b1", slug: "mcp-dry-b1" }, { url: "nope", slug: "mcp-dry-b2" }], dryRun: true }));
    assert.deepEqual(bulk.wouldCreate.links.map((link: { slug: string }) => link.slug), ["mcp-dry-b1"]);
    assert.deepEqual([bulk.wouldCreate.failed[0].index, bulk.wouldCreate.failed[0].error.code], [1, "INVALID_DESTINATION_URL"]);
    assert.equal(errorOf(await call(client, "get_link", { identifier: "mcp-dry-b1" })).code, "link_not_found");

    const removal = ok(await call(client, "delete_link", { identifier: "mcp-dry", dryRun: true }));
    assert.equal(removal.current.slug, "mcp-dry");
    assert.equal(ok(await call(client, "get_link", { identifier: "mcp-dry" })).data.slug, "mcp-dry");
    // A dry run checks as the call would: a bad field, a missing object.
    assert.equal(errorOf(await call(client, "create_link", { url: "nope", slug: "mcp-dry-bad", dryRun: true })).code, "INVALID_DESTINATION_URL");
    assert.equal(errorOf(await call(client, "delete_group", { groupId: "grp_nope", dryRun: true })).code, "group_not_found");
  });

  test("a destructive call is refused to a viewer key as the API's forbidden; another account's link is not found", async () => {
    const client = await connect(owner.key);
    ok(await call(client, "create_link", { url: "https://example.com/keep", slug: "mcp-keep" }));
    const viewer = await connect((await addKey(server, owner.email, "viewer")).key);
    const refused = errorOf(await call(viewer, "delete_link", { identifier: "mcp-keep" }));
    assert.deepEqual([refused.status, refused.code], [403, "forbidden"]);
    assert.equal(errorOf(await call(viewer, "delete_link", { identifier: "mcp-keep", dryRun: true })).code, "forbidden");
    assert.equal(ok(await call(client, "get_link", { identifier: "mcp-keep" })).data.slug, "mcp-keep");

    const other = await connect((await createAccount(server)).key);
    assert.equal(errorOf(await call(other, "get_link", { identifier: "mcp-keep" })).code, "link_not_found");
    assert.equal(errorOf(await call(other, "delete_link", { identifier: "mcp-keep" })).code, "link_not_found");
    assert.equal(errorOf(await call(other, "get_link", {})).code, "missing_required_field");
  });

  test("resources and prompts", async () => {
    const client = await connect(owner.key);
    const { resources } = await client.listResources();
    assert.deepEqual(resources.map((r) => r.uri).sort(), ["hop://account/domains", "hop://designs"]);
    const designs = JSON.parse(((await client.readResource({ uri: "hop://designs" })).contents[0] as { text: string }).text);
    assert.ok(designs.designs.some((d: { id: string }) => d.id === designs.default));
    const domains = JSON.parse(((await client.readResource({ uri: "hop://account/domains" })).contents[0] as { text: string }).text);
    assert.ok(Array.isArray(domains.data));
    const { prompts } = await client.listPrompts();
    assert.deepEqual(prompts.map((p) => p.name).sort(), ["link-in-bio-page", "short-links-for-campaign"]);
    const prompt = await client.getPrompt({ name: "link-in-bio-page", arguments: { description: "A baker in Lyon" } });
    assert.match((prompt.messages[0].content as { text: string }).text, /A baker in Lyon[\s\S]*create_draft/);
  });

  test("protocol errors: an unknown tool, malformed JSON-RPC, no key, a free plan; never a 5xx", async () => {
    const client = await connect(owner.key);
    await assert.rejects(call(client, "drop_database"), (error: unknown) => error instanceof McpError && error.code === -32602);
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(new URL("/mcp", server.url), { method: "POST", headers: { authorization: `Bearer ${owner.key}`, "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body });
    for (const body of ["{", '{"jsonrpc":"2.0"}', "[1,2]", '"text"', '{"jsonrpc":"2.0","id":1,"method":"tools/call"}']) {
      const res = await post(body);
      assert.ok(res.status >= 200 && res.status < 500, `${body}: ${res.status}`);
      const answer = await res.json();
      assert.ok(answer.error || answer.result, body);
      if (res.status >= 400) assert.equal(answer.jsonrpc, "2.0", body);
    }
    assert.equal((await post("{", { "content-type": "text/plain" })).status, 400);
    const big = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(1_100_000) } }));
    assert.equal(big.status, 413);
    const twice = await post('{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}');
    assert.equal(twice.status, 400, "a member named twice is refused, not read as its last");
    assert.equal((await twice.json()).error.code, -32700);
    const noKey = await fetch(new URL("/mcp", server.url), { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    assert.equal(noKey.status, 401);
    assert.equal((await noKey.json()).error.code, "missing_api_key");
    const free = await createAccount(server, { plan: "free" });
    const refused = await fetch(new URL("/mcp", server.url), { method: "POST", headers: { authorization: `Bearer ${free.key}`, "content-type": "application/json" }, body: "{}" });
    assert.equal(refused.status, 403);
    const get = await fetch(new URL("/mcp", server.url), { headers: { authorization: `Bearer ${owner.key}`, accept: "text/event-stream" } });
    assert.equal(get.status, 405);
    assert.equal(get.headers.get("allow"), "OPTIONS, POST");
    assert.equal((await fetch(new URL("/mcp", server.url), { method: "PROPFIND" })).status, 405);
    assert.doesNotMatch(server.logs(), /unhandled error|mcp tool call failed/, "no call of this file failed on Hop's side");
  });
});
