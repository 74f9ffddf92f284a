import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

// The small pages the server answers with itself, before Next (a path it cannot read, a method a
// page does not serve, a request Node cannot parse): no script, their own CSP.

export const HTML = "text/html; charset=utf-8";
export const JSON_TYPE = "application/json; charset=utf-8";
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function smallPage(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Hop</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;color:#111827;background:#f8fafc}main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.25rem;margin:0 0 .5rem}a{color:#4f46e5}</style></head>
<body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
}

export const BAD_PATH_PAGE = smallPage("This address is not valid", 'Part of the address could not be read. Check the link, or go back to <a href="/">your dashboard</a>.');
export const BAD_METHOD_PAGE = smallPage("This address cannot do that", 'This address only opens pages. Go back to <a href="/">your dashboard</a>.');
export const BAD_REQUEST_PAGE = smallPage("This request is not valid", 'The browser sent a request this server cannot read. Go back to <a href="/">your dashboard</a>.');

export function requestIdOf(req: IncomingMessage): string {
  return String(req.headers["x-request-id"] ?? "").slice(0, 64) || randomUUID();
}

export function answerPage(req: IncomingMessage, res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": HTML, "content-security-policy": PAGE_CSP, "x-request-id": requestIdOf(req), ...headers });
  res.end(req.method === "HEAD" ? undefined : html);
}
