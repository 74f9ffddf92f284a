import { operationAllowed } from "../handler";
import { openApiJson } from "../openapi/document";
import { operations, type Operation } from "../openapi/operations";
import type { Resource } from "../roles";
import { TOOL_NOTES } from "./tool-notes";

// The MCP tools, generated from the operation registry (lib/api/openapi/operations.ts) and the
// OpenAPI document built from it, so a tool's schemas are the very ones /v1 validates with and
// documents: the name is the operation's name in snake_case, the input is the path parameters,
// the query parameters and the body's members (under `body` when a member's name would collide; a
// CSV body as the string `csv`), plus `dryRun` on every write; the output is the success body.

type JsonSchema = Record<string, unknown>;
export type KeyedOperation = Operation & { resource: Resource };

export interface McpTool {
  name: string;
  /** The registry's key (`createLink`). */
  operationName: keyof typeof operations;
  operation: KeyedOperation;
  title: string;
  description: string;
  inputSchema: JsonSchema & { type: "object" };
  outputSchema?: JsonSchema & { type: "object" };
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean };
  /** Where each argument goes. */
  pathParams: string[];
  queryParams: string[];
  body: "none" | "members" | "nested" | "csv";
  write: boolean;
  /** The operation takes `dryRun` itself (POST /v1/links/import checks every row): the tool passes it on instead of stopping before the handler. */
  ownDryRun: boolean;
}

/** The answer of a dry run (lib/api/mcp/dry-run.ts); a write tool's output is its success body or this. */
export const DRY_RUN_SCHEMA: JsonSchema = {
  type: "object",
  description: "A dry run: every check passed and nothing was changed.",
  properties: {
    dryRun: { const: true },
    operation: { type: "string" },
    wouldSend: { type: "object", description: "The request as validated and normalised: path parameters, query and body." },
    wouldCreate: { description: "What the create would make, after every rule its use case checks before writing (create_links_bulk: `links` so made and the entries that would fail, `failed`)." },
    wouldChange: { description: "What the change would do, after every rule its use case checks before writing (the domain's DNS as verify_domain would find it, the links a removed domain would move, a webhook's pending deliveries)." },
    current: { description: "The object as it is now, for a change or a deletion of an existing one (null when it has none)." },
    changes: { type: "object", description: "For an update: each member of the body whose value differs from `current`, with its value before and after." },
    limits: { description: "For a create that counts toward the plan's limits: the limits and what the account uses now." },
  },
  required: ["dryRun", "operation", "wouldSend"],
};

export function toolName(operationName: string): string {
  return operationName.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** Read-only, destructive and idempotent, from the HTTP method alone. */
function annotationsOf(method: Operation["method"]) {
  switch (method) {
    case "get":
      return { readOnlyHint: true, destructiveHint: false, idempotentHint: true };
    case "post":
      return { readOnlyHint: false, destructiveHint: false, idempotentHint: false };
    case "put":
    case "patch":
      return { readOnlyHint: false, destructiveHint: true, idempotentHint: true };
    case "delete":
      return { readOnlyHint: false, destructiveHint: true, idempotentHint: true };
  }
}

/** The document's schemas with every `$ref` to components.schemas written in place (a repeat inside itself becomes `{}`). */
function inline(value: unknown, components: Record<string, unknown>, seen: string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => inline(item, components, seen));
  if (!value || typeof value !== "object") return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) {
    const name = ref.slice("#/components/schemas/".length);
    if (seen.includes(name)) return {};
    return inline(components[name], components, [...seen, name]);
  }
  const schema = Object.fromEntries(Object.entries(value).map(([key, member]) => [key, inline(member, components, seen)]));
  return Array.isArray(schema.type) && schema.type.length > 1 ? oneTypeEach(schema) : schema;
}

/** Keywords about the value as a whole, kept beside `anyOf`; the rest go into each typed branch. */
const ABOUT_THE_VALUE = new Set(["description", "title", "default", "examples", "deprecated", "readOnly", "writeOnly"]);

/**
 * `{"type": ["string", "null"], …}` as `anyOf` branches of one type each: legal JSON Schema either
 * way, but clients that map tool schemas onto a one-type dialect (Gemini's function declarations)
 * refuse or flatten the array form.
 */
function oneTypeEach(schema: Record<string, unknown>): Record<string, unknown> {
  const about: Record<string, unknown> = {};
  const typed: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(schema)) if (key !== "type") (ABOUT_THE_VALUE.has(key) ? about : typed)[key] = member;
  return { ...about, anyOf: (schema.type as string[]).map((type) => (type === "null" ? { type } : { type, ...typed })) };
}

function describe(operation: KeyedOperation, use: string): string {
  const roles = (["full", "creator", "viewer"] as const).filter((role) => operationAllowed({ role }, operation));
  const parts = [`${operation.summary}. ${use}`];
  if (operation.description) parts.push(operation.description.replace(/\s+/g, " "));
  parts.push(`Runs ${operation.method.toUpperCase()} ${operation.path} of the Hop API; counts as one API request. Key roles: ${roles.join(", ")}.`);
  if (operation.method !== "get") parts.push("Send `dryRun: true` to check the call and see what would change without changing anything.");
  return parts.join("\n\n");
}

interface DocumentOperation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema; description?: string }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

function buildTools(): McpTool[] {
  const document = JSON.parse(openApiJson()) as { paths: Record<string, Record<string, DocumentOperation>>; components: { schemas?: Record<string, unknown> } };
  const components = document.components.schemas ?? {};
  const tools: McpTool[] = [];
  for (const [operationName, note] of Object.entries(TOOL_NOTES) as Array<[keyof typeof operations, (typeof TOOL_NOTES)[keyof typeof operations]]>) {
    if ("skip" in note) continue;
    const operation = operations[operationName] as Operation;
    if (!operation.resource || (operation.rawBody && operation.rawBody.mediaType !== "text/csv")) throw new Error(`${operationName} cannot be a tool: it needs no key or takes a body that is neither JSON nor CSV`);
    const keyed = operation as KeyedOperation;
    const described = document.paths[operation.path][operation.method];
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    const pathParams: string[] = [];
    const queryParams: string[] = [];
    for (const parameter of described.parameters ?? []) {
      properties[parameter.name] = { ...(inline(parameter.schema ?? {}, components) as JsonSchema), ...(parameter.description ? { description: parameter.description } : {}) };
      if (parameter.required) required.push(parameter.name);
      (parameter.in === "path" ? pathParams : queryParams).push(parameter.name);
    }
    const write = operation.method !== "get";
    let body: McpTool["body"] = "none";
    let additionalProperties: unknown;
    const bodySchema = described.requestBody?.content["application/json"] ? (inline(described.requestBody.content["application/json"].schema, components) as JsonSchema) : null;
    if (operation.rawBody) {
      body = "csv";
      properties.csv = { type: "string", description: `${operation.rawBody.description} Its text, as one string (at most what one MCP message holds: 1 MB).` };
      required.push("csv");
    } else if (bodySchema) {
      const members = (bodySchema.properties ?? {}) as Record<string, unknown>;
      const collides = Object.keys(members).some((name) => name in properties || name === "dryRun" || name === "body");
      if (bodySchema.type === "object" && bodySchema.properties && !collides) {
        body = "members";
        Object.assign(properties, members);
        required.push(...((bodySchema.required as string[] | undefined) ?? []));
        additionalProperties = bodySchema.additionalProperties;
      } else {
        body = "nested";
        properties.body = bodySchema;
        required.push("body");
      }
    }
    const ownDryRun = queryParams.includes("dryRun");
    if (write) properties.dryRun = { type: "boolean", description: "Check the call and answer what would change, changing nothing." };
    const success = described.responses[String(operation.success.status)]?.content?.["application/json"]?.schema;
    const successSchema = success ? (inline(success, components) as JsonSchema) : null;
    let outputSchema: McpTool["outputSchema"];
    if (successSchema?.type === "object") outputSchema = write && !ownDryRun ? { type: "object", anyOf: [successSchema, DRY_RUN_SCHEMA] } : (successSchema as JsonSchema & { type: "object" });
    const name = toolName(operationName);
    tools.push({
      name,
      operationName,
      operation: keyed,
      title: operation.summary,
      description: describe(keyed, note.use),
      inputSchema: { type: "object", properties, ...(required.length ? { required } : {}), ...(additionalProperties === false ? { additionalProperties: false } : {}) },
      ...(outputSchema ? { outputSchema } : {}),
      annotations: { title: operation.summary, ...annotationsOf(operation.method) },
      pathParams,
      queryParams,
      body,
      write,
      ownDryRun,
    });
  }
  return tools;
}

let cached: McpTool[] | null = null;
/** Every tool, built once per process. */
export function allTools(): McpTool[] {
  cached ??= buildTools();
  return cached;
}

/** The tools `key` may call (the routes' own check). */
export function toolsFor(key: { role: string | null }): McpTool[] {
  return allTools().filter((tool) => operationAllowed(key, tool.operation));
}

export function findTool(name: string): McpTool | undefined {
  return allTools().find((tool) => tool.name === name);
}
