import type { IncomingHttpHeaders } from "node:http";
import { streamChunks, readBodyText } from "../http/read-body";
import { errorFields, log } from "../log";
import { peerIpOfForwardedRequest, attachedRawTarget } from "../net/client-ip";
import { answerVisit, type VisitAnswer } from "./answer-visit";
import { acceptClickBeacon } from "./record-click";
import { errorResponse, failedVisitResponse, runAfterSent, type VisitorPost } from "./respond";
import { submitContact } from "./submit-contact";
import { answerSignupAddress, signupAddress } from "./submit-signup";

// The visitor path's second entry point: the same answers as the fast path (node-handler.ts), as web
// Responses, for Next's proxy (proxy.ts) and route handlers when Hop runs without server.ts
// (`next start`, `next dev`, a platform's Next runtime). Under server.ts none of this runs for a
// visitor: the fast path answered before Next. It never imports Next either (plain Request/Response).

function plainHeaders(headers: Headers): IncomingHttpHeaders {
  return Object.fromEntries(headers);
}

/**
 * A proxy's redirect to a path of the request's own host, as a URL on the proxy's request URL:
 * Next reads a Location the proxy returns as a URL without a base (a bare path is its plain-text
 * 500) and turns one on that origin back into the path, so the visitor gets the path server.ts sends.
 */
function proxyHeaders(headers: Readonly<Record<string, string>>, requestUrl: URL | undefined): Readonly<Record<string, string>> {
  const location = headers.location;
  if (requestUrl === undefined || location === undefined || !location.startsWith("/") || location.startsWith("//")) return headers;
  return { ...headers, location: new URL(location, requestUrl).href };
}

/**
 * The Response for an answer; what the visit records runs once it was made (Next writes it next).
 * `requestUrl`: the proxy's request URL, for an answer proxy.ts returns (see proxyHeaders).
 */
export function toResponse(answer: VisitAnswer, requestUrl?: URL): Response {
  let response: Response;
  try {
    const bodiless = answer.status === 204 || answer.status === 304 || answer.body.length === 0;
    const body = typeof answer.body === "string" ? answer.body : new Uint8Array(answer.body);
    response = new Response(bodiless ? null : body, { status: answer.status, headers: proxyHeaders(answer.headers, requestUrl) });
  } catch (error) {
    // A header a Response cannot hold (a stored value from before validation): the 500 page, unrecorded.
    log.error("visit answer could not be made", { status: answer.status, ...errorFields(error) });
    const fallback = errorResponse();
    return new Response(fallback.body.toString(), { status: fallback.status, headers: fallback.headers });
  }
  try {
    if (answer.onSent) runAfterSent(answer.onSent);
  } catch (error) {
    log.error("visit could not be recorded", errorFields(error));
  }
  return response;
}

/**
 * The visitor's answer, or null when the request is the app's (the proxy lets Next handle it).
 * Synchronous for a cached address, as on the fast path.
 */
export function answerVisitRequest(request: Request, url: URL): Response | Promise<Response | null> | null {
  // The app's own pages pass through on a host comparison: headers are copied only for an answer.
  let headers: IncomingHttpHeaders | undefined;
  // The path and query as the client sent them, as server.ts reads them (a dot segment is a 404
  // there, resolved away in Next's URL); Next's URL when the address was not attached here.
  const raw = attachedRawTarget(request.headers);
  const q = raw === undefined ? -1 : raw.indexOf("?");
  // No sendsKeptCodings: Next compresses what the proxy returns itself (gzip) and drops a
  // Content-Encoding set here, so this entry point takes a kept page as it is.
  const visit = {
    method: request.method,
    host: (request.headers.get("host") ?? "").toLowerCase(),
    pathname: raw === undefined ? url.pathname : q === -1 ? raw : raw.slice(0, q),
    search: raw === undefined ? url.search : q === -1 ? "" : raw.slice(q),
    get headers() {
      return (headers ??= plainHeaders(request.headers));
    },
    get socketIp() {
      return peerIpOfForwardedRequest(request.headers);
    },
    readBody: request.method === "POST" ? (max: number) => (request.body ? readBodyText(streamChunks(request.body), max) : Promise.resolve("")) : undefined,
  };
  let result: ReturnType<typeof answerVisit>;
  try {
    result = answerVisit(visit);
  } catch (error) {
    log.error("visit failed", { path: url.pathname, ...errorFields(error) });
    return toResponse(errorResponse());
  }
  if (result === null) return null;
  if (!(result instanceof Promise)) return toResponse(result, url);
  return result.then(
    (answer) => (answer ? toResponse(answer, url) : null),
    (error: unknown) => toResponse(failedVisitResponse(error, { path: url.pathname })),
  );
}

function visitorPost(request: Request): VisitorPost {
  return {
    headers: plainHeaders(request.headers),
    socketIp: peerIpOfForwardedRequest(request.headers),
    readBody: (max) => (request.body ? readBodyText(streamChunks(request.body), max) : Promise.resolve("")),
  };
}

/** POST /__hop/click as a route handler (app/%5F_hop/click/route.ts): always 204. */
export async function clickBeaconRoute(request: Request): Promise<Response> {
  return toResponse(await acceptClickBeacon(visitorPost(request)));
}

/** POST /__hop/contact as a route handler (app/%5F_hop/contact/route.ts). */
export async function contactRoute(request: Request): Promise<Response> {
  return toResponse(await submitContact(visitorPost(request)));
}

/** /__hop/signup and its confirm and unsubscribe pages as route handlers (app/%5F_hop/signup/). */
export async function signupRoute(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const address = signupAddress(url.pathname + url.search);
  if (!address) return new Response(null, { status: 404 });
  return toResponse(await answerSignupAddress(address, request.method, visitorPost(request)));
}
