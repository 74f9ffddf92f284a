import { NextResponse, type NextRequest } from "next/server";
import { entry } from "./lib/server/services";
import { answerVisitRequest } from "./lib/visit/web-handler";
import { isReservedSlug } from "./lib/links/reserved";

// Two jobs, in this order:
//
// 1. The visitor entry point when Hop runs without server.ts (`next start`, `next dev`, a platform's Next
//    runtime): a short-link host (the primary domain when it is not the app host, a system domain,
//    a verified custom domain) or a visitor path on the app host gets the same answer as the fast
//    path (lib/visit/answer-visit.ts): 302, escape page, preview page, bio page, branded 404, 503.
//    Under server.ts this never runs for a visitor — the fast path answered before Next — so it
//    is skipped outright. On the app's own pages it costs a host comparison (no database): a
//    dashboard or editor path on the app host is the app's.
// 2. Every page the app renders gets a fresh nonce and a strict Content-Security-Policy: Next reads
//    the nonce from the request's policy header for its own scripts, and the root layout passes it
//    on. The page path travels along so a signed-out visitor can be sent back after signing in.

function withPageHeaders(request: NextRequest): NextResponse {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = [
    "default-src 'self'",
    // Next's development server evaluates code for fast refresh; production never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${process.env.NODE_ENV === "development" ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    // The editor's preview (a srcdoc frame, which inherits this policy) draws avatar images from
    // anywhere over https, and so does the link form's "preview when shared" card.
    /^\/(editor|links)\//.test(request.nextUrl.pathname) ? "img-src 'self' data: https:" : "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  requestHeaders.set("x-hop-path", `${request.nextUrl.pathname}${request.nextUrl.search}`);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  response.headers.set("x-content-type-options", "nosniff");
  response.headers.set("referrer-policy", "strict-origin-when-cross-origin");
  return response;
}

export function proxy(request: NextRequest): Response | Promise<Response> {
  if (entry() === "server.ts") return pageOrRefusal(request);
  const visit = answerVisitRequest(request, request.nextUrl);
  if (visit === null) return pageOrRefusal(request);
  if (visit instanceof Response) return visit;
  return visit.then((answer) => answer ?? pageOrRefusal(request));
}

/**
 * A page. A POST let through for a password form (lib/server/before-next.ts lets POST reach paths
 * that may be short links) that was no link's is refused here rather than rendered as a page; the
 * app's own first segments (/v1, /api …) go on to their routes.
 */
function pageOrRefusal(request: NextRequest): Response {
  const first = request.nextUrl.pathname.split("/")[1] ?? "";
  if (request.method === "GET" || request.method === "HEAD" || !first || isReservedSlug(first)) return withPageHeaders(request);
  return new Response(null, { status: 405, headers: { allow: "GET, HEAD" } });
}

export const config = {
  // Pages and visitor addresses. Left out: the API (/v1/, /api/, /mcp), the visitor POSTs (/__hop/, route
  // handlers of their own), Next's assets, and the API reference (its own CSP). None of those can
  // be a short link: every one of these first segments is a reserved slug (lib/links/reserved.ts).
  matcher: [{ source: "/((?!v1/|api/|mcp$|mcp/|__hop/|docs/api|_next/static|_next/image|icon.svg|favicon.ico).*)" }],
};
