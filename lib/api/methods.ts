import { HopError } from "../errors";
import { apiRoute, json } from "./handler";

// Every /v1 route file exports all of Next's route methods through apiMethods: the ones the route
// has, and for the rest a 405 in the nested shape with `Allow`, answered after authentication like
// any request (so it carries the rate-limit headers). Methods Next does not route at all (TRACE,
// PROPFIND …) reach the route as OPTIONS with the original method in UNROUTED_METHOD_HEADER, set
// only by the server (lib/api/raw-request.ts), and get the same 405.

export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];
export const UNROUTED_METHOD_HEADER = "x-hop-unrouted-method";

type RouteHandler = (request: Request, context?: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
export type RouteHandlers = Record<RouteMethod | "OPTIONS", RouteHandler>;

/** The `Allow` value of a route: its methods, HEAD with GET, and OPTIONS. */
export function allowHeader(methods: readonly string[]): string {
  const allow = new Set(methods);
  if (allow.has("GET")) allow.add("HEAD");
  allow.add("OPTIONS");
  return [...allow].sort().join(", ");
}

export function apiMethods(handlers: Partial<Record<RouteMethod, RouteHandler>>): RouteHandlers {
  const allow = allowHeader(ROUTE_METHODS.filter((method) => handlers[method]));
  const refuse = apiRoute({ resource: "none" }, async ({ request }) => {
    const method = request.headers.get(UNROUTED_METHOD_HEADER) ?? request.method;
    const error = new HopError("method_not_allowed", { message: `${method} is not allowed on ${new URL(request.url).pathname}; allowed: ${allow}.` });
    return json(error.toBody(), error.status, { allow });
  });
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

/** The catch-all's handler for every method, unrouted ones included. */
export function everyMethod(handler: RouteHandler): RouteHandlers {
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler, OPTIONS: handler };
}
