import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { api, createAccount } from "../helpers/api";
import { callTool, connectMcp, toolError, toolOk, type ToolError } from "../helpers/mcp";
import { PRIMARY, visit } from "../helpers/visit";
import { MAX_WEBHOOKS } from "../../lib/webhooks/events";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";

// docs/mcp.md, "Dry runs" (decision 035): a write tool's dry run runs the checks of the operation's
// use case, so it answers the very error the real call answers, and changes nothing when it
// passes. Also publish_draft (POST /v1/websites/drafts/{id}/publish) end to end, and import_links,
// whose dry run is the import's own.

describe("MCP dry runs and publishing", () => {
  let server: HopServer;
  const clients: Client[] = [];
  before(async () => {
    server = await startServer({ env: { WEBHOOK_ALLOW_PRIVATE: "true" } });
  });
  after(async () => {
    for (const client of clients) await client.close();
    await server.stop();
  });

  /** A fresh account's key and an MCP client for it. */
  const newAgent = async () => {
    const account = await createAccount(server);
    const client = await connectMcp(server, account.key);
    clients.push(client);
    return { account, client };
  };
  /** The tool's dry run refuses with exactly the real call's error (and the real call, refused, changes nothing). */
  const sameRefusal = async (client: Client, name: string, args: Record<string, unknown>): Promise<ToolError> => {
    const dry = toolError(await callTool(client, name, { ...args, dryRun: true }));
    assert.deepEqual(dry, toolError(await callTool(client, name, args)), `${name}: the dry run's error is the call's`);
    return dry;
  };
  const page = { templateId: "simple-stack-v2", data: { profile: { name: "Dry" } } };

  test("publish_draft: a dry run shows the page and changes nothing; the call publishes it; the page answers on its address", async () => {
    const { account, client } = await newAgent();
    const draft = toolOk(await callTool(client, "create_draft", { semantic: { profile: { name: "Lin Published" }, links: [{ title: "Shop", url: "https://shop.example/lin" }] } })).data;

    const dry = toolOk(await callTool(client, "publish_draft", { id: draft.id, customSlug: "mcp-published", dryRun: true }));
    assert.equal(dry.operation, "POST /v1/websites/drafts/{id}/publish");
    assert.deepEqual([dry.wouldCreate.id, dry.wouldCreate.isActive, dry.wouldCreate.draftId, dry.wouldCreate.title], ["mcp-published", true, draft.id, "Lin Published"]);
    assert.match(dry.wouldCreate.url, /\/mcp-published$/);
    assert.equal(typeof dry.limits.currentTotal, "number");
    assert.equal(toolError(await callTool(client, "get_website", { id: "mcp-published" })).code, "link_not_found");
    assert.equal((await visit(server, PRIMARY, "/mcp-published")).status, 404);

    const published = toolOk(await callTool(client, "publish_draft", { id: draft.id, customSlug: "mcp-published" }));
    assert.deepEqual([published.id, published.draftId, published.version, published.isActive], ["mcp-published", draft.id, 2, true]);
    const live = await visit(server, PRIMARY, "/mcp-published");
    assert.equal(live.status, 200);
    assert.match(live.body, /Lin Published/);
    assert.match(live.body, /https:\/\/shop\.example\/lin/);
    const audit = await api(server, "GET", "/v1/audit-log?action=website.published", { key: account.key });
    assert.deepEqual([audit.body.data[0].target.id, audit.body.data[0].actor.via], ["mcp-published", "mcp"]);

    const again = await sameRefusal(client, "publish_draft", { id: draft.id, customSlug: "mcp-published-2" });
    assert.deepEqual([again.status, again.code], [409, "draft_already_published"]);
    const other = await newAgent();
    assert.equal((await sameRefusal(other.client, "publish_draft", { id: draft.id })).code, "draft_not_found");
  });

  test("links: a dry run refuses a taken address and the total limit as the call does; bulk entries are each checked against the account as it is", async () => {
    const { account, client } = await newAgent();
    toolOk(await callTool(client, "create_link", { url: "https://example.com/held", slug: "mcp-dry-held" }));
    const taken = await sameRefusal(client, "create_link", { url: "https://example.com/other", slug: "mcp-dry-held" });
    assert.deepEqual([taken.status, taken.message], [400, "Custom slug or domain already taken"]);
    const bulk = toolOk(await callTool(client, "create_links_bulk", { links: [{ url: "https://example.com/b", slug: "mcp-dry-held" }, { url: "https://example.com/c", slug: "mcp-dry-fresh" }], dryRun: true }));
    assert.deepEqual([bulk.wouldCreate.failed[0].index, bulk.wouldCreate.links.map((link: { slug: string }) => link.slug)], [0, ["mcp-dry-fresh"]]);
    await admin(server, "account", "set-limits", "--email", account.email, "--total", "1");
    const full = await sameRefusal(client, "create_link", { url: "https://example.com/more", slug: "mcp-dry-more" });
    assert.deepEqual([full.status, full.code], [403, "TOTAL_LINK_LIMIT_REACHED"]);
  });

  test("websites and drafts: a dry run refuses a taken address, a design off the draft list, a missing source, as the call does", async () => {
    const { client } = await newAgent();
    toolOk(await callTool(client, "create_website", { websiteId: "w1", ...page, customSlug: "mcp-dry-taken" }));
    const taken = await sameRefusal(client, "create_website", { websiteId: "w2", ...page, customSlug: "mcp-dry-taken" });
    assert.deepEqual([taken.status, taken.message], [400, "Custom slug already taken"]);
    assert.equal((await sameRefusal(client, "duplicate_website", { id: "mcp-dry-taken", slug: "mcp-dry-taken" })).message, "Custom slug already taken");
    assert.equal((await sameRefusal(client, "duplicate_website", { id: "no-such-page", slug: "mcp-dry-copy" })).status, 404);
    assert.equal((await sameRefusal(client, "create_website", { websiteId: "w3", ...page, customDomain: "not-mine.example" })).code, "DOMAIN_NOT_FOUND");
    const draft = toolOk(await callTool(client, "create_draft", { semantic: { profile: { name: "Second" } } })).data;
    assert.equal((await sameRefusal(client, "publish_draft", { id: draft.id, customSlug: "mcp-dry-taken" })).message, "Custom slug already taken");
    const design = await sameRefusal(client, "create_draft", { semantic: { templateId: "folio-card", profile: { name: "Off list" } } });
    assert.deepEqual([design.status, design.field], [400, "templateId"]);

    const copy = toolOk(await callTool(client, "duplicate_website", { id: "mcp-dry-taken", slug: "mcp-dry-copy", dryRun: true }));
    assert.deepEqual([copy.wouldCreate.id, copy.wouldCreate.sourceId, copy.current.slug], ["mcp-dry-copy", "mcp-dry-taken", "mcp-dry-taken"]);
    const fresh = toolOk(await callTool(client, "create_website", { websiteId: "w4", ...page, customSlug: "mcp-dry-free", dryRun: true }));
    assert.deepEqual([fresh.wouldCreate.id, fresh.wouldCreate.title], ["mcp-dry-free", "Dry"]);
    const drafted = toolOk(await callTool(client, "create_draft", { semantic: { profile: { name: "Only a look" } }, dryRun: true }));
    assert.deepEqual(drafted.wouldCreate, { templateId: "simple-stack-v2", name: "Only a look" });
    for (const slug of ["mcp-dry-copy", "mcp-dry-free"]) assert.equal(toolError(await callTool(client, "get_website", { id: slug })).code, "link_not_found");
    // The draft the refusals tried to publish is still publishable.
    assert.equal(toolOk(await callTool(client, "publish_draft", { id: draft.id, customSlug: "mcp-dry-second" })).version, 2);
  });

  test("domains: a dry run refuses the service's own name, a name already held, the default, an unknown domain, as the call does", async () => {
    const { client } = await newAgent();
    const own = await sameRefusal(client, "connect_domain", { domain: "links.localhost" });
    assert.deepEqual([own.status, own.code, own.field], [400, "invalid_domain", "domain"]);
    toolOk(await callTool(client, "connect_domain", { domain: "shop.mcp-dry.example", isDefault: true }));
    assert.equal((await sameRefusal(client, "connect_domain", { domain: "shop.mcp-dry.example" })).code, "domain_already_connected");
    assert.equal((await sameRefusal(client, "delete_domain", { domain: "shop.mcp-dry.example" })).code, "cannot_delete_default_domain");
    assert.equal((await sameRefusal(client, "verify_domain", { domain: "nobody.mcp-dry.example" })).code, "domain_not_found");
    assert.equal((await sameRefusal(client, "set_default_domain", { domain: "nobody.mcp-dry.example", isDefault: true })).code, "domain_not_found");

    const claim = toolOk(await callTool(client, "connect_domain", { domain: "go.mcp-dry.example", dryRun: true }));
    assert.deepEqual([claim.wouldCreate.domain, claim.wouldCreate.verified, typeof claim.wouldCreate.dnsRecords.value], ["go.mcp-dry.example", false, "string"]);
    toolOk(await callTool(client, "connect_domain", { domain: "blog.mcp-dry.example" }));
    const removal = toolOk(await callTool(client, "delete_domain", { domain: "blog.mcp-dry.example", dryRun: true }));
    assert.deepEqual([removal.wouldChange, removal.current.domain], [{ domain: "blog.mcp-dry.example", linksReassigned: 0 }, "blog.mcp-dry.example"]);
    const switched = toolOk(await callTool(client, "set_default_domain", { domain: "blog.mcp-dry.example", isDefault: true, dryRun: true }));
    assert.deepEqual(switched.wouldChange, { domain: "blog.mcp-dry.example", isDefault: true, replacesDefault: "shop.mcp-dry.example" });
    assert.deepEqual(switched.changes, { isDefault: { before: false, after: true } });
    const check = toolOk(await callTool(client, "verify_domain", { domain: "blog.mcp-dry.example", dryRun: true }));
    assert.deepEqual([check.wouldChange.domain, check.wouldChange.verified], ["blog.mcp-dry.example", false]);
    const domains = toolOk(await callTool(client, "list_domains")).data as Array<{ domain: string; isDefault: boolean }>;
    assert.deepEqual(domains.map((d) => [d.domain, d.isDefault]), [["shop.mcp-dry.example", true], ["blog.mcp-dry.example", false]]);
  });

  test("webhooks: a dry run refuses a URL the create refuses, the account's last webhook over the cap, an unknown webhook, as the call does", async () => {
    const { client } = await newAgent();
    const url = await sameRefusal(client, "create_webhook", { url: "http://user:secret@127.0.0.1:9/hook", events: ["link.created"] });
    assert.deepEqual([url.status, url.code, url.field], [400, "invalid_url", "url"]);
    assert.equal((await sameRefusal(client, "delete_webhook", { id: "whk_nope" })).code, "not_found");
    const look = toolOk(await callTool(client, "create_webhook", { url: " http://127.0.0.1:9/hook ", events: ["link.created", "link.created"], dryRun: true }));
    assert.deepEqual(look.wouldCreate, { url: "http://127.0.0.1:9/hook", events: ["link.created"] });
    assert.deepEqual(toolOk(await callTool(client, "list_webhooks")).data, []);

    for (let n = 0; n < MAX_WEBHOOKS; n += 1) toolOk(await callTool(client, "create_webhook", { url: `http://127.0.0.1:9/hook-${n}`, events: ["link.created"] }));
    assert.equal((await sameRefusal(client, "create_webhook", { url: "http://127.0.0.1:9/one-too-many", events: ["link.created"] })).code, "quota_exceeded");
    const first = toolOk(await callTool(client, "list_webhooks")).data[0];
    const removal = toolOk(await callTool(client, "delete_webhook", { id: first.id, dryRun: true }));
    assert.deepEqual(removal.wouldChange, { id: first.id, url: "http://127.0.0.1:9/hook-0", pendingDeliveries: 0 });
    assert.equal(toolOk(await callTool(client, "list_webhooks")).data.length, MAX_WEBHOOKS);
  });

  test("import_links takes the CSV as a string; its dry run is the import's own check of every row", async () => {
    const { client } = await newAgent();
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    assert.ok(names.includes("import_links") && !names.includes("export_links"));
    const csv = "url,slug\nhttps://example.com/imported,mcp-imported\nnot a url,mcp-imported-bad\n";
    const dry = toolOk(await callTool(client, "import_links", { csv, dryRun: true }));
    assert.deepEqual([dry.dryRun, dry.created, dry.failed.map((row: { row: number }) => row.row)], [true, 1, [2]]);
    assert.equal(toolError(await callTool(client, "get_link", { identifier: "mcp-imported" })).code, "link_not_found");
    const real = toolOk(await callTool(client, "import_links", { csv }));
    assert.deepEqual([real.dryRun, real.created], [false, 1]);
    assert.equal(toolOk(await callTool(client, "get_link", { identifier: "mcp-imported" })).data.destination, "https://example.com/imported");
    assert.equal(toolError(await callTool(client, "import_links", {})).code, "missing_required_field");
    assert.equal(toolError(await callTool(client, "import_links", { csv: "title\nNo url column\n" })).code, "invalid_request");
    assert.doesNotMatch(server.logs(), /unhandled error|mcp tool call failed/);
  });
});
