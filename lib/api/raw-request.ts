import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { HopError } from "../errors";
import { UNROUTED_METHOD_HEADER } from "./methods";

// What the server settles for a request before Next sees it. Next answers a path that is not
// valid percent-encoded UTF-8 with a plain-text 500 before any route or page runs, and methods it
// does not route (TRACE, PROPFIND …) with an empty 400 or a 500, so:
// - such a path is answered here, on every path: 400 nested `invalid_request` under /v1 and /api
//   (before authentication), a small page elsewhere (answerUndecodablePath);
// - under /v1 and /api/auth, such a method goes on as OPTIONS, the real one in UNROUTED_METHOD_HEADER,
//   and the route answers 405 (lib/api/methods.ts, after authentication; app/api/auth);
// - an answer sent before the request body was read whole (413) closes the connection, so the
//   rest of an oversized upload is not read.

const NEXT_ROUTED_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);

export function isApiPath(url: string): boolean {
  return url === "/v1" || url.startsWith("/v1/") || url.startsWith("/v1?");
}

function hasValidEncoding(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

const BAD_PATH_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Address not valid · Hop</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;color:#111827;background:#f8fafc}main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.25rem;margin:0 0 .5rem}a{color:#4f46e5}</style></head>
<body><main><h1>This address is not valid</h1><p>Part of the address could not be read. Check the link, or go back to <a href="/">your dashboard</a>.</p></main></body></html>`;

/**
 * Every request whose path is not valid percent-encoded UTF-8 (Next would answer it with a
 * plain-text 500 before any route or page runs): 400, as JSON under /v1 and /api, else a page.
 * Returns true when it answered.
 */
export function answerUndecodablePath(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? "/";
  if (hasValidEncoding(url.split("?")[0])) return false;
  // The body is read and dropped: closing at once would cut a client still sending (a chunked
  // DELETE's last chunk) before it reads this answer. A body still coming after 2 s is cut.
  req.resume();
  res.once("finish", () => {
    if (req.complete) return;
    const timer = setTimeout(() => req.socket.end(), 2_000);
    timer.unref();
    req.once("end", () => clearTimeout(timer));
  });
  const requestId = String(req.headers["x-request-id"] ?? "").slice(0, 64) || randomUUID();
  if (isApiPath(url) || url.startsWith("/api/")) {
    const error = new HopError("invalid_request", { field: "path", message: "The path is not valid percent-encoded UTF-8." });
    res.writeHead(400, { "content-type": "application/json; charset=utf-8", "x-request-id": requestId });
    res.end(JSON.stringify(error.toBody()));
  } else {
    res.writeHead(400, {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      "x-request-id": requestId,
    });
    res.end(req.method === "HEAD" ? undefined : BAD_PATH_PAGE);
  }
  return true;
}

/**
 * What both doors do with an app request before Next sees it (server.ts's handler, the request
 * hook under `next start`): true when it was answered here.
 */
export function screenBeforeNext(req: IncomingMessage, res: ServerResponse): boolean {
  if (answerUndecodablePath(req, res)) return true;
  const url = req.url ?? "";
  return (isApiPath(url) || isAuthPath(url)) && settleRawApiRequest(req, res);
}

/** next-auth's routes (app/api/auth): they too answer 413 early and 405 for any method. */
function isAuthPath(url: string): boolean {
  return url.startsWith("/api/auth/") || url === "/api/auth" || url.startsWith("/api/auth?");
}

/** After answerUndecodablePath: answers the request and returns true, or prepares it for Next and returns false. */
export function settleRawApiRequest(req: IncomingMessage, res: ServerResponse): boolean {
  delete req.headers[UNROUTED_METHOD_HEADER];
  res.once("finish", () => {
    if (!req.complete) req.socket.end();
  });
  const method = req.method ?? "GET";
  if (!NEXT_ROUTED_METHODS.has(method)) {
    req.headers[UNROUTED_METHOD_HEADER] = method;
    req.method = "OPTIONS";
  }
  return false;
}

const PARSER_REFUSALS: Record<string, { status: string; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: "431 Request Header Fields Too Large", message: "The request headers are too large." },
  ERR_HTTP_REQUEST_TIMEOUT: { status: "408 Request Timeout", message: "The request was not received in time." },
};

/**
 * Requests Node's HTTP parser refuses (an unknown method such as FOO, a broken request line) never
 * reach a route; they get the answer Node would send, with a body in the API's error shape. As in
 * Node's own handler, nothing is written once a response on this socket has begun.
 */
export function answerUnparsableRequest(error: NodeJS.ErrnoException, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code !== "ECONNRESET" && socket.writable && !inFlight?.headersSent) {
    const refusal = PARSER_REFUSALS[error.code ?? ""] ?? { status: "400 Bad Request", message: "The request is not valid HTTP." };
    const body = JSON.stringify(new HopError("invalid_request", { status: Number(refusal.status.slice(0, 3)), message: refusal.message }).toBody());
    socket.write(`HTTP/1.1 ${refusal.status}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
