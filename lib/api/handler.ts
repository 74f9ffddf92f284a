import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { effectiveLimits, type Limits } from "../accounts/plans";
import { db, type Db } from "../db/open";
import { HopError } from "../errors";
import { hashKey, isWellFormedKey } from "../keys/key-format";
import type { KeyRestrictions } from "../keys/restrictions";
import { runAsKey } from "../keys/acting-key";
import { runAsActor } from "../audit/actor";
import { findKeyForRequest } from "../keys/auth-cache";
import type { AuthenticatedKey } from "../keys/find-key";
import { usageNow } from "../usage/clock";
import { trackRequest } from "../usage/track-usage";
import type { HitResult } from "../usage/windows";
import { authThrottleRefusal, noteAuthFailure } from "./auth-throttle";
import { attachedClientIp as clientAddress } from "../net/client-ip";
import { errorResponse, json } from "./respond";
import { freePlanHeaders, rateLimitHeaders, rateLimitRefusal } from "./rate-limit-headers";
import type { Resource } from "./roles";
import { keyAllows, refusalFor } from "./key-access";
import { assertStorable, parseOrThrow, validationError } from "../validation/parse";
import { readJsonBody } from "./read-json-body";
import type { Operation } from "./openapi/operations";
import { internalCallOf, type Via } from "./internal-call";

// The one wrapper every /v1 route goes through. Each step is a small function; the order is
// auth → plan → rate limit (headers from here on) → scope → JSON body → validation → handler.
// A route is built from its operation (lib/api/openapi/operations.ts): the scope, the
// body and query schemas, the success status and the type of the success body all come from it.

/** What every keyed handler is given, whatever its operation. */
interface KeyedContext {
  request: Request;
  requestId: string;
  db: Db;
  account: AuthenticatedKey["account"];
  limits: Limits;
  /** The calling key: its grant (role or custom scopes) and its restrictions to groups and domains. */
  key: { id: string; name: string; prefix: string; role: string | null; scopes: string[]; restrictions: KeyRestrictions };
  usage: HitResult;
  params: Record<string, string>;
  /** Where the call came from: "mcp" for a tool call of /mcp (lib/api/internal-call.ts), else "api". */
  via: Via;
}

type KeyedOperation = Operation & { resource: Resource };
type BodyOf<Op> = Op extends { body: infer Schema extends z.ZodType } ? z.infer<Schema> : undefined;
type QueryOf<Op> = Op extends { query: infer Schema extends z.ZodType } ? z.infer<Schema> : undefined;
/** The value a handler answers with: what the operation's success schema accepts. */
type SuccessBody<Op extends Operation> = z.input<Op["success"]["schema"]>;

export interface ApiContext<Op extends KeyedOperation> extends KeyedContext {
  body: BodyOf<Op>;
  query: QueryOf<Op>;
  /** The operation's success answer, with its status. */
  ok: (body: SuccessBody<Op>) => Response;
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = (request: Request, context?: RouteContext) => Promise<Response>;
/** A route handler with the operation it serves: apiMethods exports it under the operation's method. */
export type OperationRoute = RouteHandler & { operation: Operation };

/** The success answer of `operation`, its body checked against the success schema by tsc. */
export function ok<Op extends Operation>(operation: Op, body: SuccessBody<Op>): Response {
  return json(body, operation.success.status);
}

/** A read-only look at what the operation would make, for a dry run (lib/api/internal-call.ts). */
type Preview<Op extends KeyedOperation> = (ctx: ApiContext<Op>) => Promise<unknown>;

export function apiRoute<Op extends KeyedOperation>(operation: Op, handler: (ctx: ApiContext<Op>) => Promise<Response>, options: { preview?: Preview<Op> } = {}): OperationRoute {
  const route = keyedRoute(operation, async (ctx) => {
    const body = (operation.body ? parseBody(operation.body, await readJsonBody(ctx.request), operation.bodyError) : undefined) as BodyOf<Op>;
    const query = (operation.query ? parseOrThrow(operation.query, readQuery(ctx.request)) : undefined) as QueryOf<Op>;
    const full: ApiContext<Op> = { ...ctx, body, query, ok: (answer) => ok(operation, answer) };
    // A dry run stops here: every check passed, nothing was changed; the preview only reads.
    if (internalCallOf(ctx.request).dryRun) {
      const preview = options.preview ? await options.preview(full) : undefined;
      return json({ dryRun: true, params: ctx.params, query: query ?? null, body: body ?? null, ...(preview === undefined ? {} : { preview }) });
    }
    return handler(full);
  });
  return Object.assign(route, { operation });
}

/** A keyed /v1 answer that is no operation (an unknown path, a method the route lacks): no scope check. */
export function unlistedRoute(handler: (ctx: KeyedContext) => Promise<Response>): RouteHandler {
  return keyedRoute(null, handler);
}

function keyedRoute(operation: KeyedOperation | null, handler: (ctx: KeyedContext) => Promise<Response>): RouteHandler {
  return async (request, routeContext) => {
    const requestId = request.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
    let headers: Record<string, string> = {};
    try {
      const client = await db();
      const { key, limits } = await admitKey(client, request, (refusal) => (headers = refusal));
      const usage = await trackRequest(key.id, key, limits, usageNow());
      headers = rateLimitHeaders(usage, limits);
      if (!usage.allowed) {
        const refusal = rateLimitRefusal(usage, limits, usageNow());
        headers = refusal.headers;
        throw refusal.error;
      }
      if (operation && !keyAllows(key, operation)) throw refusalFor(key, operation);
      const ctx: KeyedContext = {
        request,
        requestId,
        db: client,
        account: key.account,
        limits,
        key: { id: key.id, name: key.name, prefix: key.prefix, role: key.role, scopes: key.scopes, restrictions: { groupIds: key.groupIds, domains: key.domains } },
        usage,
        params: await readParams(routeContext),
        via: internalCallOf(request).via,
      };
      const acting = { id: key.id, name: key.name, prefix: key.prefix, restrictions: ctx.key.restrictions, via: ctx.via };
      const actor = { type: "key" as const, id: key.id, label: key.name, keyPrefix: key.prefix, via: acting.via, ip: clientAddress(request) ?? undefined, userAgent: request.headers.get("user-agent") ?? undefined };
      return withHeaders(await runAsKey(acting, () => runAsActor(actor, () => handler(ctx))), headers, requestId);
    } catch (error) {
      const response = errorResponse(error, requestId, { method: request.method, path: new URL(request.url).pathname });
      return withHeaders(response, headers, requestId);
    }
  };
}

/**
 * The key of a request, as every keyed route checks it: the failed-authentication throttle, the key,
 * the plan. A refusal's headers are handed to `refusalHeaders` before it is thrown.
 */
export async function admitKey(
  client: Db,
  request: Request,
  refusalHeaders: (headers: Record<string, string>) => void,
): Promise<{ key: AuthenticatedKey; limits: Limits }> {
  const address = clientAddress(request);
  const throttled = authThrottleRefusal(address);
  if (throttled) {
    refusalHeaders(throttled.headers);
    throw throttled.error;
  }
  const key = await authenticate(client, request).catch(async (error: unknown) => {
    const refused = await noteAuthFailure(address, error);
    if (refused) refusalHeaders(refused.headers);
    throw refused?.error ?? error;
  });
  const limits = effectiveLimits(key.account.plan, key.account.limitOverrides);
  if (!limits.apiAccess) {
    refusalHeaders(freePlanHeaders(usageNow()));
    throw new HopError("plan_upgrade_required", { extras: { currentPlan: key.account.plan } });
  }
  return { key, limits };
}

/** Whether `key` may call `operation` (its scope, lib/api/key-access.ts): the route's check, and what /mcp lists. */
export function operationAllowed(key: { role: string | null; scopes?: readonly string[] }, operation: KeyedOperation): boolean {
  return keyAllows({ role: key.role, scopes: key.scopes ?? [] }, operation);
}

/** An unstorable string stays the nested 400 of every endpoint; only the schema's refusal is reshaped. */
function parseBody(schema: z.ZodType, value: unknown, reshape?: (error: HopError) => HopError): unknown {
  assertStorable(value);
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const error = validationError(parsed.error);
  throw reshape ? reshape(error) : error;
}

async function authenticate(client: Db, request: Request): Promise<AuthenticatedKey> {
  const header = request.headers.get("authorization")?.trim();
  if (!header) throw new HopError("missing_api_key");
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match || !isWellFormedKey(match[1])) throw new HopError("invalid_api_key");
  const key = await findKeyForRequest(client, hashKey(match[1]));
  if (!key || key.revokedAt) throw new HopError("invalid_api_key");
  if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) throw new HopError("invalid_api_key", { message: "This API key has expired." });
  return key;
}

async function readParams(routeContext?: RouteContext): Promise<Record<string, string>> {
  const raw = (await routeContext?.params) ?? {};
  const params = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));
  assertStorable(params);
  return params;
}

/** Each query parameter at most once: `?domain=a&domain=b` is refused, never read as its last value. */
function readQuery(request: Request): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of new URL(request.url).searchParams) {
    if (Object.hasOwn(query, name)) throw new HopError("invalid_request", { field: name, message: `The query parameter '${name}' is given more than once.` });
    query[name] = value;
  }
  return query;
}

function withHeaders(response: Response, headers: Record<string, string>, requestId: string): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  response.headers.set("x-request-id", requestId);
  return response;
}

export { json };

/** A route that needs no key (GET /v1/openapi.json): the request id and the error shape, nothing else. */
export function publicRoute(operation: Operation & { resource: null }, handler: (ctx: { request: Request; requestId: string }) => Promise<Response>): OperationRoute {
  const route: RouteHandler = async (request) => {
    const requestId = request.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
    try {
      return withHeaders(await handler({ request, requestId }), {}, requestId);
    } catch (error) {
      return withHeaders(errorResponse(error, requestId, { method: request.method, path: new URL(request.url).pathname }), {}, requestId);
    }
  };
  return Object.assign(route, { operation });
}
