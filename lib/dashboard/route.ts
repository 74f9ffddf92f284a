import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { SessionAccount } from "../accounts/credentials";
import { errorResponse, json } from "../api/respond";
import { parseOrThrow } from "../validation/parse";
import { accountFromSessionToken, sessionCookieName } from "../auth/session";
import { db, type Db } from "../db/open";
import { HopError } from "../errors";

// The dashboard's route handlers (app/api/dashboard/**): same-origin check, the account from the
// session cookie (never from the body), zod validation, and the API's error bodies so the forms
// can show the use case's own messages inline.

export interface DashboardContext<TBody> {
  request: Request;
  db: Db;
  account: SessionAccount;
  body: TBody;
  params: Record<string, string>;
}

type RouteContext = { params: Promise<Record<string, string>> };

/** A state-changing request must come from a page of this same host (no cross-site form posts). */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  const host = request.headers.get("host") ?? request.headers.get("x-forwarded-host");
  let originHost: string | null = null;
  try {
    originHost = origin ? new URL(origin).host : null;
  } catch {
    originHost = null;
  }
  if (!originHost || !host || originHost !== host.split(",")[0].trim()) {
    throw new HopError("forbidden", { message: "Cross-site request refused." });
  }
}

function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return undefined;
}

export async function accountOfRequest(request: Request): Promise<SessionAccount | null> {
  return accountFromSessionToken(cookieValue(request, sessionCookieName()));
}

export function dashboardRoute<TSchema extends z.ZodType | undefined = undefined>(
  options: { body?: TSchema; signedOut?: boolean },
  handler: (ctx: DashboardContext<TSchema extends z.ZodType ? z.infer<TSchema> : undefined>) => Promise<Response>,
) {
  return async (request: Request, routeContext?: RouteContext): Promise<Response> => {
    const requestId = randomUUID();
    try {
      if (request.method !== "GET" && request.method !== "HEAD") assertSameOrigin(request);
      const account = await accountOfRequest(request);
      if (!account && !options.signedOut) throw new HopError("not_signed_in");
      let body: unknown = undefined;
      if (options.body) {
        let raw: unknown;
        try {
          raw = await request.json();
        } catch {
          throw new HopError("invalid_request", { message: "The body is not valid JSON." });
        }
        body = parseOrThrow(options.body, raw);
      }
      return await handler({
        request,
        db: await db(),
        account: account as SessionAccount,
        body: body as never,
        params: (await routeContext?.params) ?? {},
      });
    } catch (error) {
      return errorResponse(error, requestId, { path: new URL(request.url).pathname });
    }
  };
}

export { json };
