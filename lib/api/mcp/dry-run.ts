import { operations, type Operation } from "../openapi/operations";
import { runOperation, toResult, type RouteTable, type ToolInput, type ToolResult } from "./call-tool";
import type { McpTool } from "./tools";

// `dryRun: true` on a write tool (docs/mcp.md, "Dry runs"; decision 035): the operation's request
// runs through the whole /v1 pipeline but stops before its handler (key, plan, rate limit, scope,
// body bounds, validation: lib/api/handler.ts), so nothing changes. An operation with a preview
// (each write of links, websites, drafts, domains and webhooks that has one: the route's
// `preview`) then runs its use case's own checks, read-only, and says what it would make
// (`wouldCreate`) or do (`wouldChange`); a check that fails is the real call's error. The answer
// adds, through the same pipeline as reads:
// - `current`: the object the call would change or delete, found as its read operation finds it
//   (a missing one is the tool error the real call would give);
// - `changes`: for an update, each body member whose value differs from `current`;
// - `limits`: for a create that counts toward the plan's limits, the limits and the counts now.
// An operation that has a dry run of its own (POST /v1/links/import) is called with it instead.

type Name = keyof typeof operations;
type Lookup = { read: Name; by?: { param: string; member: string } };

/** Where the current object of each change is read: a get operation, or a list searched by a member. */
const CURRENT: Partial<Record<Name, Lookup>> = {
  updateLink: { read: "getLink" },
  deleteLink: { read: "getLink" },
  setLinkStatus: { read: "getLink" },
  promoteLinkVariant: { read: "getLink" },
  duplicateWebsite: { read: "getWebsite" },
  setDefaultDomain: { read: "listDomains", by: { param: "domain", member: "domain" } },
  deleteDomain: { read: "listDomains", by: { param: "domain", member: "domain" } },
  setGroupLinks: { read: "listGroups", by: { param: "groupId", member: "id" } },
  deleteGroup: { read: "listGroups", by: { param: "groupId", member: "id" } },
  updateGeoPreset: { read: "listGeoPresets", by: { param: "id", member: "id" } },
  deleteGeoPreset: { read: "listGeoPresets", by: { param: "id", member: "id" } },
  deleteWebhook: { read: "listWebhooks", by: { param: "id", member: "id" } },
};

/** Writes whose preview is what they would make (`wouldCreate`); the others' is what they would do (`wouldChange`). */
const CREATES: ReadonlySet<Name> = new Set(["createLink", "createLinksBulk", "createWebsite", "createDraft", "publishDraft", "duplicateWebsite", "connectDomain", "createWebhook"]);

/** Creates counted toward the plan's link limits. */
const COUNTED: ReadonlySet<Name> = new Set(["createLink", "createLinksBulk", "createWebsite", "duplicateWebsite", "publishDraft"]);

/** What each list answers when the searched object is not there: the real call's not-found. */
const MISSING: Partial<Record<Name, { code: string; message: string }>> = {
  listDomains: { code: "domain_not_found", message: "Domain not found in this account." },
  listGroups: { code: "group_not_found", message: "Group not found." },
  listGeoPresets: { code: "geo_preset_not_found", message: "Geo preset not found." },
  listWebhooks: { code: "not_found", message: "Not found." },
};

function changesOf(body: unknown, current: unknown): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  if (!body || typeof body !== "object" || !current || typeof current !== "object") return changes;
  const now = current as Record<string, unknown>;
  for (const [name, after] of Object.entries(body)) {
    const before = now[name];
    if (JSON.stringify(before) !== JSON.stringify(after)) changes[name] = { before: before ?? null, after };
  }
  return changes;
}

export async function dryRun(routes: RouteTable, tool: McpTool, request: Request, input: ToolInput): Promise<ToolResult> {
  const checked = await runOperation(routes, tool.operation, request, input, true);
  if (checked.status >= 400) return toResult(checked);
  const { params, query, body, preview } = (await checked.json()) as { params: Record<string, string>; query: unknown; body: unknown; preview?: unknown };
  const answer: Record<string, unknown> = {
    dryRun: true,
    operation: `${tool.operation.method.toUpperCase()} ${tool.operation.path}`,
    wouldSend: { params, query, body },
    ...(preview === undefined ? {} : { [CREATES.has(tool.operationName) ? "wouldCreate" : "wouldChange"]: preview }),
  };
  const lookup = CURRENT[tool.operationName];
  if (lookup) {
    const found = await read(routes, operations[lookup.read], request, lookup.by ? {} : params);
    if (found.isError) return found;
    let current = found.structuredContent?.data ?? found.structuredContent ?? null;
    if (lookup.by) {
      const wanted = params[lookup.by.param]?.toLowerCase();
      current = (Array.isArray(current) ? current : []).find((item) => String((item as Record<string, unknown>)[lookup.by!.member]).toLowerCase() === wanted) ?? null;
      const missing = MISSING[lookup.read];
      if (!current && missing) return { content: [{ type: "text", text: JSON.stringify({ error: { status: 404, ...missing } }) }], isError: true };
    }
    answer.current = current;
    if (tool.operation.method === "put" || tool.operation.method === "patch") answer.changes = changesOf(body, current);
  }
  if (COUNTED.has(tool.operationName)) {
    const limits = await read(routes, operations.getLimits, request, {});
    answer.limits = limits.isError ? null : limits.structuredContent?.links;
  }
  return { content: [{ type: "text", text: JSON.stringify(answer) }], structuredContent: answer };
}

async function read(routes: RouteTable, operation: Operation, request: Request, params: Record<string, string>): Promise<ToolResult> {
  return toResult(await runOperation(routes, operation, request, { params, query: {}, body: undefined }, false));
}
