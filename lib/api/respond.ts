import { countOutageAnswer, noteDatabaseFailure } from "../db/outage";
import { isDatabaseUnavailable, isPoolExhausted } from "../db/unavailable";
import { HopError, isHopError } from "../errors";
import { errorFields, log } from "../log";
import { clientErrorOf } from "../db/errors";

/** Seconds a client is told to wait when the database is unreachable (a restart or failover takes a few). */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body, (_key, value) => (typeof value === "bigint" ? Number(value) : value)), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/** Maps any thrown value to the documented body; unexpected failures are logged, never shown. */
export function errorResponse(error: unknown, requestId: string, context: Record<string, unknown> = {}): Response {
  error = clientErrorOf(error) ?? error;
  if (isHopError(error)) {
    const hop = error as HopError;
    // A throttle's refusal (extras.retryAfter, in seconds) says when to retry in the header too.
    const retryAfter = hop.extras?.retryAfter;
    return json(hop.toBody(), hop.status, { ...(typeof retryAfter === "number" ? { "retry-after": String(retryAfter) } : {}), ...hop.headers });
  }
  if (isDatabaseUnavailable(error)) {
    // Every connection busy for the whole wait is a load to size for, not an outage: a line each.
    // An unreachable database starts (or counts into) the outage's summary: no line per request.
    if (isPoolExhausted(error)) log.warn("database pool exhausted", { requestId, ...context, error: error instanceof Error ? error.message.slice(-300) : String(error) });
    else if (noteDatabaseFailure(error)) countOutageAnswer("unavailableRequests");
    return json(new HopError("service_unavailable").toBody(), 503, { "retry-after": String(UNAVAILABLE_RETRY_AFTER_S) });
  }
  log.error("unhandled error", { requestId, ...context, ...errorFields(error) });
  return json(
    { error: { code: "internal_error", message: `Something went wrong on our side. Request id: ${requestId}.`, requestId } },
    500,
  );
}
