import { HopError, isHopError } from "../errors";
import { errorFields, log } from "../log";
import { clientErrorOf } from "../db/errors";

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body, (_key, value) => (typeof value === "bigint" ? Number(value) : value)), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/** Maps any thrown value to the documented body; unexpected failures are logged, never shown. */
export function errorResponse(error: unknown, requestId: string, context: Record<string, unknown> = {}): Response {
  error = clientErrorOf(error) ?? error;
  if (isHopError(error)) return json((error as HopError).toBody(), (error as HopError).status);
  log.error("unhandled error", { requestId, ...context, ...errorFields(error) });
  return json(
    { error: { code: "internal_error", message: `Something went wrong on our side. Request id: ${requestId}.`, requestId } },
    500,
  );
}
