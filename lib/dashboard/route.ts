import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { SessionAccount } from "../accounts/credentials";
import { readJsonBody } from "../api/read-json-body";
import { errorResponse, json } from "../api/respond";
import { assertStorable, parseOrThrow } from "../validation/parse";
import { accountFromSessionToken, sessionCookieName } from "../auth/session";
import { db, type Db } from "../db/open";
import { attachedClientIp } from "../net/client-ip";
import { HopError } from "../errors";
import type { Workspace } from "./workspace";
import { resolveWorkspace, WORKSPACE_COOKIE } from "./workspace-choice";
import { runAsActor } from "../audit/actor";

// The dashboard's route handlers (app/api/dashboard/**): same-origin check, the account from the
// session cookie (never from the body), zod validation, and the API's error bodies so the forms
// can show the use case's own messages inline.

export interface DashboardContext<TBody> {
  request: Request;
  db: Db;
  account: SessionAccount;
  body: TBody;
  params: Record<string, string>;
  /** The selected workspace (the own account unless a valid team workspace is chosen). */
  workspace: Workspace;
}

type RouteContext = { params: Promise<Record<string, string>> };

/** A state-changing request must come from a page of this same host (no cross-site form posts). */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  const host = request.headers.get("host") ?? request.headers.get("x-forwarded-host");
  let originHost: string | null;
  try {
    originHost = origin ? new URL(origin).host : null;
  } catch {
    originHost = null;
  }
  if (!originHost || !host || originHost !== host.split(",")[0].trim()) {
    throw new HopError("forbidden", { message: "Cross-site request refused." });
  }
}

export function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) {
      // A cookie this app did not write (a forged or truncated one) may not decode: it counts as absent.
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export async function accountOfRequest(request: Request): Promise<SessionAccount | null> {
  return accountFromSessionToken(cookieValue(request, sessionCookieName()), { userAgent: request.headers.get("user-agent"), ip: attachedClientIp(request) });
}

export function dashboardRoute<TSchema extends z.ZodType | undefined = undefined>(
  /**
   * `workspace: "write"`: the route changes the selected workspace's items, so a viewer's
   * workspace is refused here, whatever the page showed (a forged request gets the same 403).
   * `"owner"`: only the owner may (domains: the API gives team members no way to them).
   */
  options: { body?: TSchema; signedOut?: boolean; workspace?: "read" | "write" | "owner" },
  handler: (ctx: DashboardContext<TSchema extends z.ZodType ? z.infer<TSchema> : undefined>) => Promise<Response>,
) {
  return async (request: Request, routeContext?: RouteContext): Promise<Response> => {
    const requestId = randomUUID();
    try {
      if (request.method !== "GET" && request.method !== "HEAD") assertSameOrigin(request);
      const account = await accountOfRequest(request);
      if (!account && !options.signedOut) throw new HopError("not_signed_in");
      const workspace = account ? await resolveWorkspace(await db(), account, cookieValue(request, WORKSPACE_COOKIE)) : (null as unknown as Workspace);
      if (options.workspace === "write" && workspace?.readOnly) {
        throw new HopError("forbidden", { message: "Your team role (viewer) may only read this workspace." });
      }
      if (options.workspace === "owner" && workspace && workspace.role !== "owner") {
        throw new HopError("forbidden", { message: "Only the workspace's owner manages its domains." });
      }
      // Path ids reach the use cases' queries: a NUL or lone surrogate is refused as in a body.
      const params = (await routeContext?.params) ?? {};
      assertStorable(params);
      let body: unknown = undefined;
      if (options.body) {
        // The API's bounded reader: a size and depth limit before anything is parsed.
        body = parseOrThrow(options.body, await readJsonBody(request));
      }
      const run = () => handler({ request, db: dbClient, account: account as SessionAccount, body: body as never, params, workspace });
      const dbClient = await db();
      // Every change made here is the signed-in user's, through the dashboard (the audit log's actor);
      // a signed-out one's (sign-up, a reset link) is a user not yet known, with the client's address.
      const editor = new URL(request.url).pathname.startsWith("/api/dashboard/drafts");
      const client = { ip: attachedClientIp(request) ?? undefined, userAgent: request.headers.get("user-agent") ?? undefined };
      const via = editor ? ("editor" as const) : ("dashboard" as const);
      return await runAsActor(account ? { type: "user", id: account.id, label: account.email, via, ...client } : { type: "user", via, ...client }, run);
    } catch (error) {
      return errorResponse(error, requestId, { path: new URL(request.url).pathname });
    }
  };
}

export { json };
