import { IncomingMessage, type ServerResponse } from "node:http";
import { Socket } from "node:net";
import { workaroundOn } from "../config";
import { HopError } from "../errors";
import { log } from "../log";
import { closeAfterEarlyAnswer } from "../http/early-answer";
import { UNROUTED_METHOD_HEADER } from "../http/unrouted-method";
import { answersJson, pageMethodsOf } from "./request-surface";
import { answerPage, BAD_METHOD_PAGE, BAD_PATH_PAGE, JSON_TYPE, requestIdOf } from "./small-pages";

// What the server settles for a request before Next sees it (both entry points: server.ts's handler and
// the request hook under `next start`). Next answers a path that is not valid percent-encoded
// UTF-8 with a plain-text 500 before any route or page runs, methods it does not route (TRACE,
// PROPFIND …) with an empty 400 or a 500, and any method on a page with the page, so:
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
// Requests that never reach this point (CONNECT, what Node's parser refuses): refused-requests.ts.

const NEXT_ROUTED_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);

function hasValidEncoding(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** Answered here, before anything read the body: it is read and dropped, and the connection ends after the answer. */
function dropBody(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  closeAfterEarlyAnswer(req, res);
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

/** A method a page does not serve (PUT, TRACE, OPTIONS …): 405 with Allow and a small page. Returns true when it answered. */
export function answerPageMethod(req: IncomingMessage, res: ServerResponse): boolean {
  const allowed = pageMethodsOf(req.url ?? "/");
  if (allowed.includes(req.method ?? "GET")) return false;
  dropBody(req, res);
  answerPage(req, res, 405, BAD_METHOD_PAGE, { allow: allowed.join(", ") });
  return true;
}

/** What both entry points do with an app request before Next sees it: true when it was answered here. */
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
