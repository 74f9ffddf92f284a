import { randomUUID } from "node:crypto";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { db } from "../../db/open";
import { isHopError } from "../../errors";
import type { AuthenticatedKey } from "../../keys/find-key";
import { log, errorFields } from "../../log";
import { admitKey } from "../handler";
import { UNROUTED_METHOD_HEADER } from "../../http/unrouted-method";
import { readJsonBody } from "../read-json-body";
import { errorResponse, json } from "../respond";
import { errorResult, missingArgument, runOperation, splitArguments, toResult, type RouteTable, type ToolResult } from "./call-tool";
import { dryRun } from "./dry-run";
import { registerContext } from "./context";
import { findTool, toolsFor } from "./tools";

// POST /mcp: the Model Context Protocol over Streamable HTTP, stateless. Each POST carries its own
// key and gets its own server and transport, answered as JSON and closed with the answer: no
// session is kept, so none has to be bounded or expired, and any instance answers any message.
// The envelope (initialize, tools/list, resources, prompts) needs a key with API access but is not
// counted; each tool call and resource read runs a /v1 operation, which counts as one request.

export const MCP_PATH = "/mcp";
const ALLOW = "OPTIONS, POST";
const INSTRUCTIONS =
  "Hop makes short links and link-in-bio pages on the user's own server. Tools are Hop's API operations; every tool call counts as one API request against the key's hourly and daily quota. " +
  "Write tools accept `dryRun: true`: check a call and see what it would change first when unsure. To make a page for a person, prefer create_draft and hand them the `editorUrl`; publish it with publish_draft only when they ask you to.";

function rpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return json({ jsonrpc: "2.0", error: { code, message }, id: null }, status, headers);
}

/** Answers every method of /mcp. */
export async function handleMcpRequest(request: Request, routes: RouteTable): Promise<Response> {
  if (request.method === "OPTIONS" && !request.headers.has(UNROUTED_METHOD_HEADER)) return new Response(null, { status: 204, headers: { allow: ALLOW } });
  if (request.method !== "POST") {
    return rpcError(405, ErrorCode.ConnectionClosed, "This MCP server keeps no sessions and opens no event stream: POST each JSON-RPC message to /mcp.", { allow: ALLOW });
  }
  const requestId = request.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
  let refusalHeaders: Record<string, string> = {};
  let key: AuthenticatedKey;
  try {
    ({ key } = await admitKey(await db(), request, (headers) => (refusalHeaders = headers)));
  } catch (error) {
    const response = errorResponse(error, requestId, { method: "POST", path: MCP_PATH });
    for (const [name, value] of Object.entries(refusalHeaders)) response.headers.set(name, value);
    if (response.status === 401) response.headers.set("www-authenticate", 'Bearer realm="hop"');
    response.headers.set("x-request-id", requestId);
    return response;
  }
  let message: unknown;
  try {
    message = await readJsonBody(request);
  } catch (error) {
    // The body's bounds and checks are /v1's (lib/api/read-json-body.ts); a body cut off mid-way is a 400 too.
    return isHopError(error) ? rpcError(error.status, ErrorCode.ParseError, error.message) : rpcError(400, ErrorCode.ParseError, "The body could not be read.");
  }
  const server = mcpServerFor(key, request, routes);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(request, { parsedBody: message });
    response.headers.set("x-request-id", requestId);
    return response;
  } finally {
    await server.close();
  }
}

function mcpServerFor(key: AuthenticatedKey, request: Request, routes: RouteTable): McpServer {
  const mcp = new McpServer({ name: "hop", version: "1.0.0" }, { instructions: INSTRUCTIONS });
  const server = mcp.server;
  server.registerCapabilities({ tools: {} });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: toolsFor(key).map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({ name, title, description, inputSchema, outputSchema, annotations })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const tool = findTool(params.name);
    // A tool the registry does not have is the protocol's error; one the key may not call is
    // called anyway, and the operation's own check refuses it (forbidden) as a tool error.
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
    const args = (params.arguments ?? {}) as Record<string, unknown>;
    const input = splitArguments(tool, args);
    if ("missing" in input) return missingArgument(input.missing);
    try {
      if (tool.write && args.dryRun === true && !tool.ownDryRun) return await dryRun(routes, tool, request, input);
      return await toResult(await runOperation(routes, tool.operation, request, input, false));
    } catch (error) {
      log.error("mcp tool call failed", { tool: tool.name, ...errorFields(error) });
      return errorResult(500, { error: { code: "internal_error", message: "Something went wrong on our side." } }) satisfies ToolResult;
    }
  });
  registerContext(mcp, key, request, routes);
  return mcp;
}
