import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import type { HopServer } from "../../scripts/harness/hop-server";

export interface VisitResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A visitor's request: real HTTP to the server with the Host header of the short-link domain. */
export function visit(
  server: HopServer,
  host: string,
  pathAndQuery: string,
  options: { userAgent?: string; headers?: Record<string, string>; method?: string; body?: string; agent?: http.Agent } = {},
): Promise<VisitResponse & { reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: server.port,
        path: pathAndQuery,
        method: options.method ?? "GET",
        headers: { host, "user-agent": options.userAgent ?? BROWSER_UA, ...options.headers },
        agent: options.agent ?? false,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, reusedSocket: req.reusedSocket }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

// Framing Next imposes on every answer proxy.ts returns under `next start` (docs/visitor-path.md,
// "Under next start"): it writes a redirect's Location as its body, and streams every body without
// Content-Length. server.ts sends an empty redirect and frames every answer with its length.

/** A redirect's body from the entry point that answered. */
export function redirectBody(server: HopServer, location: string): string {
  return server.app === "next start" ? location : "";
}

/** The Content-Length an answer with this body carries (its HEAD too) from the entry point that answered. */
export function framedLength(server: HopServer, body: string | Buffer): string | undefined {
  return server.app === "next start" ? undefined : String(Buffer.byteLength(body));
}

/** A visitor's request whose body is kept as bytes (a compressed page, say). */
export function visitBytes(server: HopServer, host: string, pathAndQuery: string, headers: Record<string, string> = {}, method = "GET"): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: server.port, path: pathAndQuery, method, headers: { host, "user-agent": BROWSER_UA, ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A visitor's form post (application/x-www-form-urlencoded), as a browser sends it without JavaScript. */
export function postForm(server: HopServer, host: string, path: string, fields: Record<string, string>, options: { userAgent?: string; headers?: Record<string, string> } = {}): Promise<VisitResponse> {
  return visit(server, host, path, { method: "POST", userAgent: options.userAgent, body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded", ...options.headers } });
}

export const BROWSER_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
export const PRIMARY = "localhost:3000";

interface Agent {
  ua: string;
  category: string;
  app: string | null;
  os: string;
  device: string;
}

const AGENTS: Agent[] = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "..", "fixtures", "user-agents.json"), "utf8")).agents;

/** Real user agents: tests/fixtures/user-agents.json, a copy of the brief's shared/data/user-agents.json (sources listed inside), so a clone tests on its own. */
export function agents(filter: Partial<Agent>): Agent[] {
  return AGENTS.filter((a) => Object.entries(filter).every(([k, v]) => a[k as keyof Agent] === v));
}

export function agent(filter: Partial<Agent>): string {
  const found = agents(filter)[0];
  if (!found) throw new Error(`no user agent for ${JSON.stringify(filter)}`);
  return found.ua;
}
