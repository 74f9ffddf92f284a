// "The database cannot be reached right now" as opposed to "this query is wrong": the first is
// transient (the API answers 503 with Retry-After, the event writer backs off and retries), the
// second a bug (500). Errors arrive in several wrappings — Prisma's known request errors with a
// driver-adapter cause, node-postgres errors, socket errors, PGlite's closed instance — so the
// check walks `cause`, `meta.driverAdapterError` and AggregateError's `errors`.

/**
 * Prisma: can't reach, timed out, server closed the connection, pool timeout, and a transaction
 * that could not start (or expired) in its time — a database too busy for now, like the pool's.
 */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028"]);

/** Driver-adapter error kinds that mean the connection, not the query, failed. */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

/**
 * SQLSTATE: class 08 (connection exception), 57P01–57P03 (admin shutdown, crash shutdown, cannot
 * connect now), 53300 (too many connections).
 */
function transientSqlState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300";
}

const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

const MESSAGES = [
  /Connection terminated/i,
  /Can't reach database server/i,
  /server closed the connection unexpectedly/i,
  /PGlite is closed/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /timeout exceeded when trying to connect/i,
  // node-postgres: a new connection that did not connect within its connection timeout.
  /^timeout expired$/,
  /database pool exhausted/i,
];

interface ErrorLike {
  code?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  meta?: { driverAdapterError?: unknown };
}

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const e = error as ErrorLike;
  const code = typeof e.code === "string" ? e.code : "";
  if (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || transientSqlState(code) || code === "HOP_POOL_EXHAUSTED") return true;
  if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return true;
  if (typeof e.originalCode === "string" && transientSqlState(e.originalCode)) return true;
  if (typeof e.message === "string" && MESSAGES.some((m) => m.test(e.message as string))) return true;
  const nested = [e.cause, e.meta?.driverAdapterError, ...(Array.isArray(e.errors) ? e.errors : [])];
  return nested.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/** The app's pool had no free connection for its whole wait (lib/db/pool.ts), in any wrapping. */
export function isPoolExhausted(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const e = error as ErrorLike;
  if (e.code === "HOP_POOL_EXHAUSTED" || (typeof e.message === "string" && /database pool exhausted/i.test(e.message))) return true;
  const nested = [e.cause, e.meta?.driverAdapterError, ...(Array.isArray(e.errors) ? e.errors : [])];
  return nested.some((inner) => isPoolExhausted(inner, depth + 1));
}
