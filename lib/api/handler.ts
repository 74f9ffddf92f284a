import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { effectiveLimits, type Limits } from "../accounts/plans";
import { db, type Db } from "../db/open";
import { HopError } from "../errors";
import { hashKey, isWellFormedKey, type KeyRole } from "../keys/key-format";
import { findKeyForRequest } from "../keys/auth-cache";
import type { AuthenticatedKey } from "../keys/find-key";
import { trackRequest } from "../usage/track-usage";
import type { HitResult } from "../usage/windows";
import { authThrottleRefusal, noteAuthFailure } from "./auth-throttle";
import { stampedClientIp as clientAddress } from "../net/client-ip";
import { errorResponse, json } from "./respond";
import { freePlanHeaders, rateLimitHeaders, rateLimitRefusal } from "./rate-limit-headers";
import { roleAllows, type Resource } from "./roles";
import { assertStorable, parseOrThrow, validationError } from "../validation/parse";
import { readJsonBody } from "./read-json-body";

// The one wrapper every /v1 route goes through. Each step is a small function; the order is
// auth → plan → rate limit (headers from here on) → role → JSON body → validation → handler.

export interface ApiContext<TBody, TQuery> {
  request: Request;
  requestId: string;
  db: Db;
  account: AuthenticatedKey["account"];
  limits: Limits;
  key: { id: string; role: KeyRole | null };
  usage: HitResult;
  params: Record<string, string>;
  body: TBody;
  query: TQuery;
}

interface RouteOptions<TBody extends z.ZodType | undefined, TQuery extends z.ZodType | undefined> {
  /** "none": no role check (the catch-all that answers unknown paths). */
  resource: Resource | "none";
  fullKeyOnly?: boolean;
  body?: TBody;
  query?: TQuery;
  /** Reshapes a body that fails `body`, for endpoints whose 400 API.md shows flat (PUT, bulk delete). */
  bodyError?: (error: HopError) => HopError;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

/** What a route handler was made with; null resource: a public route. Read by the OpenAPI walk test. */
export interface RouteDescription {
  resource: Resource | "none" | null;
  fullKeyOnly?: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
}
const descriptions = new WeakMap<object, RouteDescription>();
export function describeRoute(handler: object): RouteDescription | undefined {
  return descriptions.get(handler);
}
type RouteContext = { params: Promise<Record<string, string | string[]>> };

export function apiRoute<TBody extends z.ZodType | undefined = undefined, TQuery extends z.ZodType | undefined = undefined>(
  options: RouteOptions<TBody, TQuery>,
  handler: (ctx: ApiContext<Infer<TBody>, Infer<TQuery>>) => Promise<Response>,
) {
  const route = async (request: Request, routeContext?: RouteContext): Promise<Response> => {
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
        headers = freePlanHeaders(Date.now());
        throw new HopError("plan_upgrade_required", { extras: { currentPlan: key.account.plan } });
      }
      const usage = await trackRequest(key.id, key, limits);
      headers = rateLimitHeaders(usage, limits);
      if (!usage.allowed) {
        const refusal = rateLimitRefusal(usage, limits, Date.now());
        headers = refusal.headers;
        throw refusal.error;
      }
      const role = (key.role as KeyRole | null) ?? null;
      if (options.resource !== "none" && !roleAllows(role, { method: request.method, resource: options.resource, fullKeyOnly: options.fullKeyOnly })) {
        throw new HopError("forbidden");
      }
      const ctx: ApiContext<Infer<TBody>, Infer<TQuery>> = {
        request,
        requestId,
        db: client,
        account: key.account,
        limits,
        key: { id: key.id, role },
        usage,
        params: await readParams(routeContext),
        body: (options.body ? parseBody(options.body, await readJsonBody(request), options.bodyError) : undefined) as Infer<TBody>,
        query: (options.query ? parseOrThrow(options.query, readQuery(request)) : undefined) as Infer<TQuery>,
      };
      return withHeaders(await handler(ctx), headers, requestId);
    } catch (error) {
      const response = errorResponse(error, requestId, { method: request.method, path: new URL(request.url).pathname });
      return withHeaders(response, headers, requestId);
    }
  };
  descriptions.set(route, { resource: options.resource, fullKeyOnly: options.fullKeyOnly, body: options.body, query: options.query });
  return route;
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
export function publicRoute(handler: (ctx: { request: Request; requestId: string }) => Promise<Response>) {
  const route = async (request: Request): Promise<Response> => {
    const requestId = request.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
    try {
      return withHeaders(await handler({ request, requestId }), {}, requestId);
    } catch (error) {
      return withHeaders(errorResponse(error, requestId, { method: request.method, path: new URL(request.url).pathname }), {}, requestId);
    }
  };
  descriptions.set(route, { resource: null });
  return route;
}
