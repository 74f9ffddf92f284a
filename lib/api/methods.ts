import { HopError } from "../errors";
import { UNROUTED_METHOD_HEADER } from "../http/unrouted-method";
import { unlistedRoute, type OperationRoute, type RouteHandler } from "./handler";
import { json } from "./respond";

// Every route file under /v1 and /api exports all of Next's route methods: the ones the route has,
// and for the rest (apiMethods, otherMethods) a 405 in the nested error shape with `Allow` (Next's own answer is an empty
// 405). Methods Next does not route at all (TRACE, PROPFIND …) reach the route as OPTIONS with the
// original method in UNROUTED_METHOD_HEADER, set only by the server (lib/server/before-next.ts), and
// get the same 405. Under /v1 (apiMethods) the 405 comes after authentication like any request, so
// it carries the rate-limit headers; under /api (otherMethods) it comes first, signed in or not.

export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

export type RouteHandlers = Record<RouteMethod | "OPTIONS", RouteHandler>;

/** The `Allow` value of a route: its methods, HEAD with GET, and OPTIONS. */
export function allowHeader(methods: readonly string[]): string {
  const allow = new Set(methods);
  if (allow.has("GET")) allow.add("HEAD");
  allow.add("OPTIONS");
  return [...allow].sort().join(", ");
}

/** The 405 of a route allowing `allow`, naming the method the client really sent. */
function methodRefusal(request: Request, allow: string): Response {
  const method = request.headers.get(UNROUTED_METHOD_HEADER) ?? request.method;
  const error = new HopError("method_not_allowed", { message: `${method} is not allowed on ${new URL(request.url).pathname}; allowed: ${allow}.` });
  return json(error.toBody(), error.status, { allow });
}

function withRefusals(handlers: Partial<Record<RouteMethod, RouteHandler>>, refuse: RouteHandler, allow: string): RouteHandlers {
  const options: RouteHandler = async (request, context) =>
    request.headers.has(UNROUTED_METHOD_HEADER) ? refuse(request, context) : new Response(null, { status: 204, headers: { allow } });
  return {
    GET: handlers.GET ?? refuse,
    POST: handlers.POST ?? refuse,
    PUT: handlers.PUT ?? refuse,
    PATCH: handlers.PATCH ?? refuse,
    DELETE: handlers.DELETE ?? refuse,
    OPTIONS: options,
  };
}

/**
 * A /v1 route's exports: each route under its operation's method (so a route file cannot put one
 * under another), the 405 for the rest through authentication and the rate limit first.
 */
export function apiMethods(...routes: OperationRoute[]): RouteHandlers {
  const handlers: Partial<Record<RouteMethod, RouteHandler>> = {};
  for (const route of routes) {
    const method = route.operation.method.toUpperCase() as RouteMethod;
    if (handlers[method]) throw new Error(`${method} ${route.operation.path} is routed twice`);
    handlers[method] = route;
  }
  const allow = allowHeader(ROUTE_METHODS.filter((method) => handlers[method]));
  const refuse = unlistedRoute(async ({ request }) => methodRefusal(request, allow));
  return withRefusals(handlers, refuse, allow);
}

/** Any route function Next accepts (next-auth's takes a NextRequest and its own params). */
type AnyRouteHandler = (...args: never[]) => Promise<Response> | Response;

/**
 * An /api route's exports for the methods it does not have, next to its own exported handlers:
 * `export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });` Naming one of the
 * route's own methods on the left does not compile, and one left out gets Next's empty 405
 * (tests/api/fuzz-surfaces.test.ts finds it).
 */
export function otherMethods<H extends Partial<Record<RouteMethod, AnyRouteHandler>>>(own: H): Omit<RouteHandlers, keyof H> {
  const allow = allowHeader(ROUTE_METHODS.filter((method) => own[method]));
  const refuse: RouteHandler = async (request) => methodRefusal(request, allow);
  return withRefusals({}, refuse, allow);
}

/** The catch-all's handler for every method, unrouted ones included. */
export function everyMethod(handler: RouteHandler): RouteHandlers {
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler, OPTIONS: handler };
}
