import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { workaroundOn } from "../config";
import { countOutageAnswer, noteDatabaseFailure } from "../db/outage";
import { errorFields, log } from "../log";
import { contentSecurityPolicy, type CspSources } from "../html/page";
import { preparedResponse, writePreparedResponse, type PreparedResponse } from "../http/prepared-response";
import type { ConnectionVisitor } from "./connection-visitor";
import { errorPage, keptNotFoundPage, unavailablePage, type HtmlAnswer } from "./pages";

// The visitor path's answers as status + headers + body, written by the server's fast path.
// Whatever an answer holds, the visitor gets a response: a failure to write it becomes a 500
// page, never an open socket; what the visit records runs only once the answer was written.

export interface VisitRequest {
  method: string;
  host: string;
  pathname: string;
  search: string;
  headers: IncomingHttpHeaders;
  socketIp: string | undefined;
  /** The entry point writes a kept compressed page as it is (server.ts); Next's entry point compresses itself. */
  sendsKeptCodings?: boolean;
  /** The visitor as this request's connection saw it before (the fast path's keep-alive sockets). */
  connection?: ConnectionVisitor;
  /** A POST's body as text, or null past `maxBytes` (a password form); absent for GET and HEAD. */
  readBody?: (maxBytes: number) => Promise<string | null>;
}

/** A visitor's POST (click beacon, contact form), whichever entry point it came through. */
export interface VisitorPost {
  headers: IncomingHttpHeaders;
  socketIp: string | undefined;
  /** The body as text, or null when it is larger than `maxBytes`. */
  readBody: (maxBytes: number) => Promise<string | null>;
}

export interface VisitAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  /** Text, or bytes (a kept bio page: no encoding per response). */
  body: string | Buffer;
  /** Records the visit; `send` runs it once the answer was written, never for a failed one. */
  onSent?: AfterSent;
  /** A kept answer's bytes as sent (status, headers, body), written in one piece where it can be. */
  prepared?: PreparedResponse;
}

/** A response of a kept answer (onSent set per visit, in the literal for one object shape). */
export function fromKept(kept: PreparedResponse): VisitAnswer {
  return { status: kept.status, headers: kept.headers, body: kept.body, onSent: undefined, prepared: kept };
}

/**
 * A function and its argument, run after the answer was written: made per visit as a plain object
 * (a closure or a bound function per visit costs the hot path: docs/decisions/025-no-allocation-per-visit.md).
 */
export interface AfterSent {
  run: (arg: never) => void;
  arg: unknown;
}

export function afterSent<T>(run: (arg: T) => void, arg: T): AfterSent {
  return { run: run as (arg: never) => void, arg };
}

/** Runs what an answer records once it was written. */
export function runAfterSent(after: AfterSent): void {
  (after.run as (arg: unknown) => void)(after.arg);
}

export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A visitor page's headers, in one order for every page (a kept page adds its length). */
export function htmlHeaders(csp: string, contentLength?: string): Record<string, string> {
  const headers: Record<string, string> = {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": csp,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
  };
  if (contentLength !== undefined) headers["content-length"] = contentLength;
  return headers;
}

export function htmlResponse(status: number, answer: HtmlAnswer, extra: Record<string, string> = {}, csp: CspSources = {}): VisitAnswer {
  return { status, headers: Object.assign(htmlHeaders(contentSecurityPolicy(answer.nonce, csp)), extra), body: answer.html };
}

// A scan of random addresses is made of 404s: the page and its headers are kept, the same
// objects for every response (the page has no nonce: its style is allowed by hash). It is ~1 KB
// and goes out as it is: `no-transform` keeps Next's compression (under `next start`) and any
// proxy's from gzipping it per response.
const NOT_FOUND = (() => {
  const { html, hashes } = keptNotFoundPage();
  const body = Buffer.from(html);
  return preparedResponse(404, { ...htmlHeaders(contentSecurityPolicy(hashes), String(body.length)), "cache-control": "no-store, no-transform" }, body);
})();

/** The visitor 404 page, from the kept bytes and headers. */
export function notFoundResponse(): VisitAnswer {
  return fromKept(NOT_FOUND);
}

export function redirectResponse(location: string): VisitAnswer {
  // onSent in the literal: a person's redirect adds it, and the object keeps one shape.
  return { status: 302, headers: { location, "cache-control": "private, no-store", "referrer-policy": "unsafe-url", "content-length": "0" }, body: "", onSent: undefined, prepared: undefined };
}

/** The database is unreachable for an address not in the cache: a page, and when to try again. */
export function unavailableResponse(): VisitAnswer {
  return htmlResponse(503, unavailablePage(), { "retry-after": "5" });
}

/**
 * A visit whose answer needed the database and failed: the 503 page. An unreachable database is
 * counted into the outage's summary (lib/db/outage), not logged per visitor; anything else is logged.
 */
export function failedVisitResponse(error: unknown, where: Record<string, unknown>): VisitAnswer {
  if (noteDatabaseFailure(error)) countOutageAnswer("unavailableVisits");
  else log.error("visit failed", { ...where, ...errorFields(error) });
  return unavailableResponse();
}

export function errorResponse(): VisitAnswer {
  return htmlResponse(500, errorPage());
}

/** HOP_WORKAROUND_PREPARED_RESPONSE, read at the first answer (the configuration never changes after start). */
let preparedResponseOn: boolean | undefined;

export function send(res: ServerResponse, answer: VisitAnswer): void {
  try {
    if (answer.prepared === undefined || !(preparedResponseOn ??= workaroundOn("preparedResponse")) || !writePreparedResponse(res, answer.prepared)) {
      // The length is known: no chunked encoding, and a HEAD (which carries its GET's) matches the GET.
      const bodiless = answer.status === 204 || answer.status === 304;
      const headers = bodiless || "content-length" in answer.headers ? answer.headers : { ...answer.headers, "content-length": String(Buffer.byteLength(answer.body)) };
      res.writeHead(answer.status, headers);
      res.end(answer.body);
    }
  } catch (error) {
    log.error("visit answer could not be written", { status: answer.status, ...errorFields(error) });
    sendError(res);
    return;
  }
  if (!answer.onSent) return;
  try {
    runAfterSent(answer.onSent);
  } catch (error) {
    log.error("visit could not be recorded", errorFields(error));
  }
}

/** The 500 page when nothing was written yet; otherwise the socket is closed rather than left open. */
export function sendError(res: ServerResponse): void {
  try {
    if (res.headersSent) throw new Error("headers already sent");
    const fallback = errorResponse();
    res.writeHead(fallback.status, { ...fallback.headers, "content-length": String(Buffer.byteLength(fallback.body)) });
    res.end(fallback.body);
  } catch {
    res.destroy();
  }
}
