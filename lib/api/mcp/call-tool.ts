import { randomUUID } from "node:crypto";
import type { Operation } from "../openapi/operations";
import type { RouteHandler } from "../handler";
import { markInternalCall } from "../internal-call";
import type { McpTool } from "./tools";

// A tool call is the operation's own /v1 request, built here and handed to the operation's route
// handler in process: authentication, plan, rate limit, role, body bounds, validation and the
// handler all run as for a client's request. Only what the request is (a call via MCP, a dry run)
// travels beside it, in lib/api/internal-call.ts; the answer becomes the tool's result.

/** The route handler of each operation (app/mcp/route.ts builds it from the /v1 route files). */
export type RouteTable = ReadonlyMap<Operation, RouteHandler>;

export interface ToolResult {
  [key: string]: unknown;
  content: Array<{ type: "text"; text: string } | { type: "image"; data: string; mimeType: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** Headers of the MCP request that the operation's request keeps: the key, the client's address, the request id. */
const KEPT_HEADERS = /^(authorization|x-forwarded-for|x-hop-client-ip|x-hop-client-ip-token)$/i;

export interface ToolInput {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

/** A tool's arguments, sorted into path parameters, query and body; a missing path parameter is an error of the call. */
export function splitArguments(tool: McpTool, args: Record<string, unknown>): ToolInput | { missing: string } {
  const params: Record<string, string> = {};
  for (const name of tool.pathParams) {
    const value = args[name];
    if (typeof value !== "string" || value === "") return { missing: name };
    params[name] = value;
  }
  const query: Record<string, string> = {};
  for (const name of tool.queryParams) {
    const value = args[name];
    if (value !== undefined && value !== null) query[name] = typeof value === "string" ? value : JSON.stringify(value);
  }
  let body: unknown;
  if (tool.body === "csv") {
    if (typeof args.csv !== "string") return { missing: "csv" };
    body = args.csv;
  } else if (tool.body === "nested") body = args.body;
  else if (tool.body === "members") {
    const taken = new Set([...tool.pathParams, ...tool.queryParams, "dryRun"]);
    body = Object.fromEntries(Object.entries(args).filter(([name]) => !taken.has(name)));
  }
  return { params, query, body };
}

/** The operation's URL path with the parameters in place. */
function pathOf(operation: Operation, params: Record<string, string>): string {
  return operation.path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(params[name] ?? ""));
}

/** Runs `operation` as its route would for the MCP request's key: the answer is the route's Response. */
export async function runOperation(
  routes: RouteTable,
  operation: Operation,
  original: Request,
  input: ToolInput,
  dryRun: boolean,
): Promise<Response> {
  const route = routes.get(operation);
  if (!route) throw new Error(`no route serves ${operation.method.toUpperCase()} ${operation.path}`);
  const url = new URL(pathOf(operation, input.params), original.url);
  for (const [name, value] of Object.entries(input.query)) url.searchParams.set(name, value);
  const headers = new Headers();
  original.headers.forEach((value, name) => {
    if (KEPT_HEADERS.test(name)) headers.set(name, value);
  });
  headers.set("x-request-id", `${(original.headers.get("x-request-id") ?? randomUUID()).slice(0, 40)}.${randomUUID().slice(0, 8)}`);
  let body: string | undefined;
  if (operation.rawBody) {
    headers.set("content-type", `${operation.rawBody.mediaType}; charset=utf-8`);
    body = String(input.body ?? "");
  } else if (operation.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(input.body ?? null);
  }
  const request = new Request(url, { method: operation.method.toUpperCase(), headers, body });
  markInternalCall(request, { via: "mcp", dryRun });
  return route(request, { params: Promise.resolve(input.params) });
}

/** An error as a tool's result: the API's status, code and message, whichever of its shapes it came in. */
export function errorResult(status: number, body: unknown): ToolResult {
  const error = (body as { error?: unknown } | null)?.error;
  const code = status === 404 ? "not_found" : "request_refused";
  let detail: Record<string, unknown>;
  if (error && typeof error === "object") detail = { ...(error as Record<string, unknown>) };
  else if (typeof error === "string") {
    // Flat (`{ error: "<title>", code?, message, field? }`) or a plain string (`{ error: "<string>" }`).
    const { error: title, ...rest } = body as Record<string, unknown>;
    detail = "message" in rest ? { code, ...rest, title } : { code, message: title, ...rest };
  } else detail = { code, message: `HTTP ${status}` };
  const payload = { status, ...detail };
  return { content: [{ type: "text", text: JSON.stringify({ error: payload }) }], isError: true };
}

export function missingArgument(name: string): ToolResult {
  return errorResult(400, { error: { code: "missing_required_field", message: `${name} is required.`, field: name } });
}

/** The route's answer as the tool's result: JSON as structured content (and its text), an image as an image. */
export async function toResult(response: Response): Promise<ToolResult> {
  const type = response.headers.get("content-type") ?? "";
  if (response.status < 400 && type.startsWith("image/")) {
    const bytes = Buffer.from(await response.arrayBuffer());
    const encodes = response.headers.get("x-qr-content");
    return {
      content: [
        { type: "image", data: bytes.toString("base64"), mimeType: type.split(";")[0] },
        ...(encodes ? [{ type: "text" as const, text: `The image encodes ${encodes}` }] : []),
      ],
    };
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = { error: text.slice(0, 500) };
  }
  if (response.status >= 400) return errorResult(response.status, body);
  return { content: [{ type: "text", text }], structuredContent: body as Record<string, unknown> };
}
