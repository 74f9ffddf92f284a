import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { HopServer } from "../../scripts/harness/hop-server";

// /mcp as an agent speaks to it: the SDK's own client over Streamable HTTP with a key, and the two
// readings of a tool's answer (its structured content, or the API's error it carries).

export type ToolAnswer = Awaited<ReturnType<Client["callTool"]>> & { structuredContent?: any };
export interface ToolError {
  status: number;
  code: string;
  message: string;
  field?: string;
  [extra: string]: unknown;
}

export async function connectMcp(server: HopServer, key: string, name = "hop-test"): Promise<Client> {
  const client = new Client({ name, version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", server.url), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return client;
}

export function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
  return client.callTool({ name, arguments: args }) as Promise<ToolAnswer>;
}

/** The API's error a tool answered with (the answer must be a tool error). */
export function toolError(result: ToolAnswer): ToolError {
  assert.equal(result.isError, true, JSON.stringify(result));
  return JSON.parse((result.content as Array<{ text: string }>)[0].text).error as ToolError;
}

/** A tool's structured answer (the answer must not be an error). */
export function toolOk(result: ToolAnswer): any {
  assert.notEqual(result.isError, true, JSON.stringify(result.content));
  return result.structuredContent;
}
