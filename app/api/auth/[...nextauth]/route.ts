import { randomUUID } from "node:crypto";
import NextAuth from "next-auth";
import { cookies } from "next/headers";
import { NextRequest } from "next/server";
import { errorResponse, json } from "@/lib/api/respond";
import { allowHeader } from "@/lib/api/methods";
import { UNROUTED_METHOD_HEADER } from "@/lib/http/unrouted-method";
import { assertErrorCode, authAction, isOidcCallback, type ResolvedAction } from "@/lib/auth/auth-actions";
import { SSO_FAILED } from "@/lib/auth/oidc-sign-in";
import { formFields, readAuthBody, rebuiltForm, SignInForm } from "@/lib/auth/auth-body";
import { authOptions, SECOND_FACTOR_REQUIRED } from "@/lib/auth/options";
import { callbackUrlCookieName, isHttpUrl, safeCallbackPath } from "@/lib/auth/safe-callback";
import { sessionCookieName } from "@/lib/auth/session";
import { takeSignInAttempt } from "@/lib/auth/signin-throttle";
import { HopError } from "@/lib/errors";
import { attachedClientIp } from "@/lib/net/client-ip";
import { parseOrThrow } from "@/lib/validation/parse";
import { countOf } from "@/lib/text/plural";

// next-auth's routes behind one entry point (lib/auth/auth-actions.ts, auth-body.ts): the body is read
// once, bounded, before anything else; the action and method are checked; a POST's form is parsed
// with its schema and next-auth is handed a request rebuilt from exactly those fields.

type Context = { params: Promise<{ nextauth: string[] }> };

async function authRoute(request: NextRequest, context: Context): Promise<Response> {
  try {
    const body = await readAuthBody(request);
    const action = authAction((await context.params).nextauth);
    const method = request.method === "HEAD" ? "GET" : request.method;
    if (method === "OPTIONS" && !request.headers.has(UNROUTED_METHOD_HEADER)) {
      return new Response(null, { status: 204, headers: { allow: allowHeader(action.allow) } });
    }
    if (!(action.allow as string[]).includes(method)) return methodNotAllowed(request, action);
    // A provider that did not sign the person in says why in `error` (access_denied …): the sign-in page words it.
    if (isOidcCallback(action.name) && request.nextUrl.searchParams.has("error")) return new Response(null, { status: 302, headers: { location: `/login?error=${SSO_FAILED}` } });
    assertErrorCode(request.nextUrl.searchParams);
    const url = await withSafeCallbackUrl(request.nextUrl);
    if (method === "GET") return await NextAuth(forNextAuth(request, url), context, authOptions());
    const fields = formFields(request.headers.get("content-type"), body);
    if (action.name === "callback/credentials") {
      const credentials = parseOrThrow(SignInForm, fields);
      return await throttledSignIn(forNextAuth(request, url, rebuiltForm(credentials)), context, credentials.email);
    }
    return await NextAuth(forNextAuth(request, url, rebuiltForm(parseOrThrow(action.form!, fields))), context, authOptions());
  } catch (error) {
    // A 413 leaves the rest of the body unread: the server closes the connection after it (lib/server/before-next.ts).
    return errorResponse(error, randomUUID(), { path: request.nextUrl.pathname });
  }
}

function methodNotAllowed(request: NextRequest, action: ResolvedAction): Response {
  const allow = allowHeader(action.allow);
  const method = request.headers.get(UNROUTED_METHOD_HEADER) ?? request.method;
  const error = new HopError("method_not_allowed", { message: `${method} is not allowed on /api/auth/${action.name}; allowed: ${allow}.` });
  return json(error.toBody(), error.status, { allow });
}

/**
 * next-auth answers a callback URL in its query or cookie that is not an http(s) URL with a 500:
 * the query's becomes its safe path (lib/auth/safe-callback.ts), such a cookie is dropped (and
 * expired). The redirect callback (lib/auth/options.ts) makes whatever remains safe.
 */
async function withSafeCallbackUrl(requestUrl: URL): Promise<URL> {
  const url = new URL(requestUrl);
  if (url.searchParams.has("callbackUrl")) url.searchParams.set("callbackUrl", safeCallbackPath(url.searchParams.get("callbackUrl"), url.origin));
  const jar = await cookies();
  const remembered = jar.get(callbackUrlCookieName());
  if (remembered && !isHttpUrl(remembered.value)) jar.delete(callbackUrlCookieName());
  return url;
}

/** The request next-auth reads: the original's headers, the URL made safe, the form we parsed or no body. */
function forNextAuth(request: NextRequest, url: URL, form?: string): NextRequest {
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  if (form === undefined) {
    headers.delete("content-type");
    return new NextRequest(url, { method: "GET", headers });
  }
  headers.set("content-type", "application/x-www-form-urlencoded");
  return new NextRequest(url, { method: "POST", headers, body: form });
}

/** The credentials sign-in behind the per-e-mail and per-IP budgets; a 429 says when to retry. */
async function throttledSignIn(request: NextRequest, context: Context, email: string): Promise<Response> {
  const decision = await takeSignInAttempt(email, attachedClientIp(request) ?? "unknown");
  if (!decision.allowed) {
    const minutes = Math.ceil(decision.retryAfterSeconds / 60);
    const message = `Too many sign-in attempts. Try again in ${countOf(minutes, "minute")}.`;
    return json({ error: { code: "too_many_attempts", message, retryAfter: decision.retryAfterSeconds } }, 429, {
      "retry-after": String(decision.retryAfterSeconds),
    });
  }
  const response: Response = await NextAuth(request, context, authOptions());
  const signedIn = response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${sessionCookieName()}=`));
  // A right password that now needs its code is no failure either; a wrong code stays counted.
  if (signedIn || (await answeredError(response)) === SECOND_FACTOR_REQUIRED) await decision.release();
  return response;
}

/** next-auth's `error` code in its answer: the URL of a JSON answer (`json=true`) or of a redirect. */
async function answeredError(response: Response): Promise<string | null> {
  let url = response.headers.get("location");
  if (!url && /json/.test(response.headers.get("content-type") ?? "")) url = ((await response.clone().json().catch(() => ({}))) as { url?: string }).url ?? null;
  if (!url) return null;
  try {
    return new URL(url, "http://localhost").searchParams.get("error");
  } catch {
    return null;
  }
}

export const GET = authRoute;
export const HEAD = authRoute;
export const POST = authRoute;
export const PUT = authRoute;
export const PATCH = authRoute;
export const DELETE = authRoute;
export const OPTIONS = authRoute;
