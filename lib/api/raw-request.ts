import { randomUUID } from "node:crypto";
import { IncomingMessage, type ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { workaroundOn } from "../config";
import { HopError } from "../errors";
import { FONT_PATH_PREFIX } from "../bio/font-choices";
import { CARD_PATH_PREFIX, IMAGE_PATH_PREFIX } from "../images/image-address";
import { isReservedSlug } from "../links/reserved";
import { log } from "../log";
import { closeAfterEarlyAnswer } from "../http/early-answer";
import { UNROUTED_METHOD_HEADER } from "./methods";

// What the server settles for a request before Next sees it. Next answers a path that is not
// valid percent-encoded UTF-8 with a plain-text 500 before any route or page runs, methods it does
// not route (TRACE, PROPFIND …) with an empty 400 or a 500, and any method on a page with the page,
// so:
// - such a path is answered here, on every path: 400 nested `invalid_request` under /v1 and /api
//   (before authentication), a small page elsewhere (answerUndecodablePath);
// - under /v1 and /api, such a method goes on as OPTIONS, the real one in UNROUTED_METHOD_HEADER,
//   and the route answers 405 (lib/api/methods.ts) — a rewrite of `req.method`, which Next reads
//   to route (HOP_WORKAROUND_METHOD_REWRITE=off leaves such a method to Next: 400 or 500);
// - everywhere else (pages, the API reference, Next's assets) only GET and HEAD are served — POST
//   under /__hop/, the visitor's form and beacon, and on a path that may be a short link's, its
//   password form — and any other method is a 405 page with Allow;
// - an answer sent before the request body was read whole (413, 405) closes the connection, so the
//   rest of an oversized upload is not wanted — after a lingering read, so the answer arrives.
// Node hands CONNECT and requests its parser refuses to the server's own events, never to Next:
// answerConnect and answerUnparsableRequest answer them in the same shapes.

const NEXT_ROUTED_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);
const PAGE_METHODS = ["GET", "HEAD"];
/** A short link's address also takes its password form's POST (the visitor door answers it, or 405). */
const LINK_METHODS = ["GET", "HEAD", "POST"];
/** The visitor's form posts and click beacons (lib/visit answers them; lib/api may not import it). */
const VISITOR_POST_PREFIX = "/__hop/";

export function isApiPath(url: string): boolean {
  return url === "/v1" || url.startsWith("/v1/") || url.startsWith("/v1?");
}

/** /v1, /api and /mcp answer errors as JSON; every other path is a page's. */
export function answersJson(url: string): boolean {
  return isApiPath(url) || url === "/api" || url.startsWith("/api/") || url.startsWith("/api?") || url === "/mcp" || url.startsWith("/mcp?") || url.startsWith("/mcp/");
}

function hasValidEncoding(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

const HTML = "text/html; charset=utf-8";
const JSON_TYPE = "application/json; charset=utf-8";
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function smallPage(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Hop</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;color:#111827;background:#f8fafc}main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.25rem;margin:0 0 .5rem}a{color:#4f46e5}</style></head>
<body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
}

const BAD_PATH_PAGE = smallPage("This address is not valid", 'Part of the address could not be read. Check the link, or go back to <a href="/">your dashboard</a>.');
const BAD_METHOD_PAGE = smallPage("This address cannot do that", 'This address only opens pages. Go back to <a href="/">your dashboard</a>.');
const BAD_REQUEST_PAGE = smallPage("This request is not valid", 'The browser sent a request this server cannot read. Go back to <a href="/">your dashboard</a>.');

/** Answered here, before anything read the body: it is read and dropped, and the connection ends after the answer. */
function dropBody(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  closeAfterEarlyAnswer(req, res);
}

function requestIdOf(req: IncomingMessage): string {
  return String(req.headers["x-request-id"] ?? "").slice(0, 64) || randomUUID();
}

function answerPage(req: IncomingMessage, res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": HTML, "content-security-policy": PAGE_CSP, "x-request-id": requestIdOf(req), ...headers });
  res.end(req.method === "HEAD" ? undefined : html);
}

/**
 * Every request whose path is not valid percent-encoded UTF-8 (Next would answer it with a
 * plain-text 500 before any route or page runs): 400, as JSON under /v1 and /api, else a page.
 * Returns true when it answered.
 */
export function answerUndecodablePath(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? "/";
  if (hasValidEncoding(url.split("?")[0])) return false;
  dropBody(req, res);
  if (answersJson(url)) {
    const error = new HopError("invalid_request", { field: "path", message: "The path is not valid percent-encoded UTF-8." });
    res.writeHead(400, { "content-type": JSON_TYPE, "x-request-id": requestIdOf(req) });
    res.end(JSON.stringify(error.toBody()));
  } else {
    answerPage(req, res, 400, BAD_PATH_PAGE);
  }
  return true;
}

/** The methods a path outside /v1 and /api serves. */
function pageMethodsOf(url: string): string[] {
  if (url.startsWith(IMAGE_PATH_PREFIX) || url.startsWith(CARD_PATH_PREFIX) || url.startsWith(FONT_PATH_PREFIX)) return ["GET", "HEAD"];
  if (url.startsWith(VISITOR_POST_PREFIX)) return ["POST"];
  return mayBeShortLink(url) ? LINK_METHODS : PAGE_METHODS;
}

/** Whether a path's first segment could be a short link's (none of the app's own). */
function mayBeShortLink(url: string): boolean {
  const first = /^\/([^/?#]+)/.exec(url)?.[1];
  return first !== undefined && !isReservedSlug(first);
}

/** A method a page does not serve (PUT, TRACE, OPTIONS …): 405 with Allow and a small page. Returns true when it answered. */
export function answerPageMethod(req: IncomingMessage, res: ServerResponse): boolean {
  const allowed = pageMethodsOf(req.url ?? "/");
  if (allowed.includes(req.method ?? "GET")) return false;
  dropBody(req, res);
  answerPage(req, res, 405, BAD_METHOD_PAGE, { allow: allowed.join(", ") });
  return true;
}

/**
 * What both doors do with an app request before Next sees it (server.ts's handler, the request
 * hook under `next start`): true when it was answered here.
 */
export function screenBeforeNext(req: IncomingMessage, res: ServerResponse): boolean {
  if (answerUndecodablePath(req, res)) return true;
  const json = answersJson(req.url ?? "/");
  if (!json && answerPageMethod(req, res)) return true;
  if (json) routeUnroutedMethod(req);
  closeAfterEarlyAnswer(req, res);
  return false;
}

/**
 * The method rewrite's start-up self-test: a request's method is a plain property that keeps what
 * is written (Node's parser sets it so). When not, one warning, and methods are left as they came.
 */
export function checkMethodRewrite(probe: IncomingMessage = new IncomingMessage(new Socket())): boolean {
  probe.method = "PROPFIND";
  probe.method = "OPTIONS";
  const fits = probe.method === "OPTIONS" && Object.getOwnPropertyDescriptor(probe, "method")?.writable === true;
  if (!fits) log.warn("workaround not installed: a request's method cannot be rewritten on this Node", { workaround: "HOP_WORKAROUND_METHOD_REWRITE" });
  return fits;
}

/** The self-test runs as the server loads this module; the switch is read at the first such request. */
const METHOD_REWRITE_FITS = checkMethodRewrite();
let rewriteMethods: boolean | undefined;

/** Under /v1 and /api, a method Next does not route reaches the route as OPTIONS, the real one in UNROUTED_METHOD_HEADER (never a client's). */
function routeUnroutedMethod(req: IncomingMessage): void {
  delete req.headers[UNROUTED_METHOD_HEADER];
  const method = req.method ?? "GET";
  if (!NEXT_ROUTED_METHODS.has(method) && (rewriteMethods ??= METHOD_REWRITE_FITS && workaroundOn("methodRewrite"))) {
    req.headers[UNROUTED_METHOD_HEADER] = method;
    req.method = "OPTIONS";
  }
}

/** A whole answer, for a socket Node took away from the HTTP server; the connection closes after it. */
function rawAnswer(status: string, contentType: string, body: string, headers: Record<string, string> = {}): string {
  const lines = [`HTTP/1.1 ${status}`, `content-type: ${contentType}`, `content-length: ${Buffer.byteLength(body)}`, "connection: close"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

function jsonError(status: number, message: string): string {
  return JSON.stringify(new HopError("invalid_request", { status, message }).toBody());
}

/**
 * CONNECT (Node emits it apart from requests, and drops the connection when nobody listens). Hop
 * is no proxy: a page's path gets the pages' 405, anything else a JSON 400 — no route can be
 * reached by a tunnel request, so there is no Allow to name.
 */
export function answerConnect(req: IncomingMessage, socket: Duplex): void {
  const target = req.url ?? "";
  if (target.startsWith("/") && !answersJson(target)) {
    socket.end(rawAnswer("405 Method Not Allowed", HTML, BAD_METHOD_PAGE, { allow: pageMethodsOf(target).join(", "), "content-security-policy": PAGE_CSP }));
  } else {
    socket.end(rawAnswer("400 Bad Request", JSON_TYPE, jsonError(400, "CONNECT is not supported: this server is not a proxy.")));
  }
}

const PARSER_REFUSALS: Record<string, { status: string; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: "431 Request Header Fields Too Large", message: "The request headers are too large." },
  ERR_HTTP_REQUEST_TIMEOUT: { status: "408 Request Timeout", message: "The request was not received in time." },
};

/** The start of the path a request Node could not parse names (an unknown method, headers too large), when it can be read. */
function targetOf(rawPacket: unknown): string | null {
  if (!Buffer.isBuffer(rawPacket)) return null;
  return /^[A-Za-z]+ (\/[^ ?\r\n]*)/.exec(rawPacket.subarray(0, 2048).toString("latin1"))?.[1] ?? null;
}

/**
 * Requests Node's HTTP parser refuses (an unknown method such as FOO, a broken request line) never
 * reach a route; they get the answer Node would send, with a body in the API's error shape (a small
 * page when the request line names a page's path). As in Node's own handler, nothing is written
 * once a response on this socket has begun.
 */
export function answerUnparsableRequest(error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code !== "ECONNRESET" && socket.writable && !inFlight?.headersSent) {
    const refusal = PARSER_REFUSALS[error.code ?? ""] ?? { status: "400 Bad Request", message: "The request is not valid HTTP." };
    const target = targetOf(error.rawPacket);
    socket.write(
      target && !answersJson(target)
        ? rawAnswer(refusal.status, HTML, BAD_REQUEST_PAGE, { "content-security-policy": PAGE_CSP })
        : rawAnswer(refusal.status, JSON_TYPE, jsonError(Number(refusal.status.slice(0, 3)), refusal.message)),
    );
  }
  socket.destroy(error);
}
