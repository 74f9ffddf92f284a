import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { effectiveLimits, type Limits } from "../accounts/plans";
import { db, type Db } from "../db/open";
import { HopError } from "../errors";
import { hashKey, isWellFormedKey, type KeyRole } from "../keys/key-format";
import { findKeyForRequest } from "../keys/auth-cache";
import type { AuthenticatedKey } from "../keys/find-key";
import { usageNow } from "../usage/clock";
import { trackRequest } from "../usage/track-usage";
import type { HitResult } from "../usage/windows";
import { authThrottleRefusal, noteAuthFailure } from "./auth-throttle";
import { stampedClientIp as clientAddress } from "../net/client-ip";
import { errorResponse, json } from "./respond";
import { freePlanHeaders, rateLimitHeaders, rateLimitRefusal } from "./rate-limit-headers";
import { roleAllows, type Resource } from "./roles";
import { assertStorable, parseOrThrow, validationError } from "../validation/parse";
import { readJsonBody } from "./read-json-body";
import type { Operation } from "./openapi/operations";

// The one wrapper every /v1 route goes through. Each step is a small function; the order is
// auth → plan → rate limit (headers from here on) → role → JSON body → validation → handler.
// A route is built from its operation (lib/api/openapi/operations.ts): the role resource, the
// body and query schemas, the success status and the type of the success body all come from it.

/** What every keyed handler is given, whatever its operation. */
interface KeyedContext {
  request: Request;
  requestId: string;
  db: Db;
  account: AuthenticatedKey["account"];
  limits: Limits;
  key: { id: string; role: KeyRole | null };
  usage: HitResult;
  params: Record<string, string>;
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

export function apiRoute<Op extends KeyedOperation>(operation: Op, handler: (ctx: ApiContext<Op>) => Promise<Response>): OperationRoute {
  const route = keyedRoute(operation, async (ctx) =>
    handler({
      ...ctx,
      body: (operation.body ? parseBody(operation.body, await readJsonBody(ctx.request), operation.bodyError) : undefined) as BodyOf<Op>,
      query: (operation.query ? parseOrThrow(operation.query, readQuery(ctx.request)) : undefined) as QueryOf<Op>,
      ok: (body) => ok(operation, body),
    }),
  );
  return Object.assign(route, { operation });
}

/** A keyed /v1 answer that is no operation (an unknown path, a method the route lacks): no role check. */
export function unlistedRoute(handler: (ctx: KeyedContext) => Promise<Response>): RouteHandler {
  return keyedRoute(null, handler);
}

function keyedRoute(operation: KeyedOperation | null, handler: (ctx: KeyedContext) => Promise<Response>): RouteHandler {
  return async (request, routeContext) => {
    const requestId = request.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
    let headers: Record<string, string> = {};
    try {
      const client = await db();
      const address = clientAddress(request);
      const throttled = authThrottleRefusal(address);
      if (throttled) {
        headers = throttled.headers;
        throw throttled.error;
      }
      const key = await authenticate(client, request).catch(async (error: unknown) => {
        const refused = await noteAuthFailure(address, error);
        if (refused) headers = refused.headers;
        throw refused?.error ?? error;
      });
      const limits = effectiveLimits(key.account.plan, key.account.limitOverrides);
      if (!limits.apiAccess) {
        headers = freePlanHeaders(usageNow());
        throw new HopError("plan_upgrade_required", { extras: { currentPlan: key.account.plan } });
      }
      const usage = await trackRequest(key.id, key, limits, usageNow());
      headers = rateLimitHeaders(usage, limits);
      if (!usage.allowed) {
        const refusal = rateLimitRefusal(usage, limits, usageNow());
        headers = refusal.headers;
        throw refusal.error;
      }
      const role = (key.role as KeyRole | null) ?? null;
      if (operation && !roleAllows(role, { method: request.method, resource: operation.resource, fullKeyOnly: operation.fullKeyOnly })) {
        throw new HopError("forbidden");
      }
      const ctx: KeyedContext = {
        request,
        requestId,
        db: client,
        account: key.account,
        limits,
        key: { id: key.id, role },
        usage,
        params: await readParams(routeContext),
      };
      return withHeaders(await handler(ctx), headers, requestId);
    } catch (error) {
      const response = errorResponse(error, requestId, { method: request.method, path: new URL(request.url).pathname });
      return withHeaders(response, headers, requestId);
    }
  };
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
  return key;
}

async function readParams(routeContext?: RouteContext): Promise<Record<string, string>> {
  const raw = (await routeContext?.params) ?? {};
  const params = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));
  assertStorable(params);
  return params;
}

function readQuery(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams.entries());
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
