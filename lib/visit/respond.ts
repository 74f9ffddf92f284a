import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { contentSecurityPolicy, type CspSources } from "../html/page";
import type { HtmlAnswer } from "./pages";

// The visitor path's answers as status + headers + body, written by the server's fast path.

export interface VisitRequest {
  method: string;
  host: string;
  pathname: string;
  search: string;
  headers: IncomingHttpHeaders;
  socketIp: string | undefined;
}

export interface VisitAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function htmlResponse(status: number, answer: HtmlAnswer, extra: Record<string, string> = {}, csp: CspSources = {}): VisitAnswer {
  return {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": contentSecurityPolicy(answer.nonce, csp),
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      ...extra,
    },
    body: answer.html,
  };
}

export function redirectResponse(location: string): VisitAnswer {
  return { status: 302, headers: { location, "cache-control": "private, no-store", "referrer-policy": "unsafe-url" }, body: "" };
}

export function send(res: ServerResponse, answer: VisitAnswer): void {
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}
