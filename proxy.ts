import { NextResponse, type NextRequest } from "next/server";

// Every dashboard page gets a fresh nonce and a strict Content-Security-Policy: Next reads the
// nonce from the request's policy header for its own scripts, and the root layout passes it on.
// The page path travels along so a signed-out visitor can be sent back after signing in.

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = [
    "default-src 'self'",
    // Next's development server evaluates code for fast refresh; production never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${process.env.NODE_ENV === "development" ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
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

export const config = {
  // Pages only: the API, auth endpoints and static files need no nonce (and the API stays fast).
  matcher: [{ source: "/((?!v1/|api/|docs/api|_next/static|_next/image|icon.svg|favicon.ico).*)" }],
};
