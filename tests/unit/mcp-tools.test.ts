import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { operationRoutes } from "../../app/mcp/operation-routes";
import { allOperations, operations } from "../../lib/api/openapi/operations";
import { markInternalCall, internalCallOf } from "../../lib/api/internal-call";
import { allTools, toolName, toolsFor } from "../../lib/api/mcp/tools";
import { TOOL_NOTES } from "../../lib/api/mcp/tool-notes";

// The MCP tools are generated from the operation registry (docs/mcp.md): each offered operation
// reaches its own route, the schemas come from the OpenAPI document, the annotations from the
// method, and docs/mcp.md lists exactly the tools there are.

const ROOT = path.resolve(import.meta.dirname, "..", "..");

test("every operation is a tool or says why not, and each tool reaches its operation's route", () => {
  assert.deepEqual(Object.keys(TOOL_NOTES).sort(), Object.keys(operations).sort());
  const routes = operationRoutes();
  const offered = allOperations().filter((operation) => operation.resource);
  for (const operation of offered) assert.ok(routes.has(operation), `${operation.method} ${operation.path} has no route in app/mcp/operation-routes.ts`);
  for (const tool of allTools()) {
    assert.ok(routes.has(tool.operation), tool.name);
    assert.equal(tool.inputSchema.type, "object", tool.name);
    for (const name of [...tool.pathParams]) assert.ok((tool.inputSchema.required as string[]).includes(name), `${tool.name} requires ${name}`);
    assert.equal("dryRun" in (tool.inputSchema.properties as object), tool.write, tool.name);
    assert.equal(tool.annotations.readOnlyHint, tool.operation.method === "get", tool.name);
    assert.equal(tool.annotations.destructiveHint, ["put", "patch", "delete"].includes(tool.operation.method), tool.name);
    assert.ok(!JSON.stringify(tool.inputSchema).includes("$ref"), `${tool.name}: schemas are inlined`);
  }
  assert.equal(toolName("createLinksBulk"), "create_links_bulk");
});

test("the input schemas are the API's: body members beside the path and query parameters", () => {
  const create = allTools().find((tool) => tool.name === "create_link")!;
  assert.equal(create.body, "members");
  assert.ok((create.inputSchema.required as string[]).includes("url"));
  const update = allTools().find((tool) => tool.name === "update_link")!;
  assert.deepEqual(update.pathParams, ["identifier"]);
  assert.ok("destination" in (update.inputSchema.properties as object));
  const imported = allTools().find((tool) => tool.name === "import_links")!;
  assert.deepEqual([imported.body, imported.ownDryRun, (imported.inputSchema.required as string[]).includes("csv")], ["csv", true, true]);
  assert.equal((imported.inputSchema.properties as Record<string, { type?: string }>).dryRun.type, "boolean");
  assert.equal(allTools().find((tool) => tool.name === "create_link")!.ownDryRun, false);
  const list = allTools().find((tool) => tool.name === "list_links")!;
  assert.ok(list.queryParams.includes("search"));
  assert.equal(list.outputSchema?.type, "object");
});

test("tools/list per role follows the routes' own check", () => {
  const names = (role: "full" | "creator" | "viewer") => toolsFor({ role }).map((tool) => tool.name);
  assert.ok(names("viewer").every((name) => allTools().find((tool) => tool.name === name)!.operation.method === "get"));
  assert.ok(names("creator").includes("create_draft") && !names("creator").includes("create_webhook") && !names("creator").includes("connect_domain"));
  assert.equal(names("full").length, allTools().length);
});

test("a call's origin is kept beside the Request, never in a header", () => {
  const client = new Request("http://hop.test/v1/links", { headers: { via: "mcp", "x-hop-via": "mcp" } });
  assert.deepEqual(internalCallOf(client), { via: "api", dryRun: false });
  const internal = markInternalCall(new Request("http://hop.test/v1/links"), { via: "mcp", dryRun: true });
  assert.deepEqual(internalCallOf(internal), { via: "mcp", dryRun: true });
});

test("docs/mcp.md lists every tool, as the registry makes them", () => {
  const doc = readFileSync(path.join(ROOT, "docs", "mcp.md"), "utf8");
  const listed = [...doc.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1]);
  assert.deepEqual(listed, allTools().map((tool) => tool.name));
});
