import type { LoggerInstance } from "next-auth";
import { countOutageAnswer, noteDatabaseFailure } from "../db/outage";
import { log } from "../log";

// next-auth's own output through our log, one JSON line each (its default writes a multi-line,
// non-JSON stack to the console). A session cookie that is stale, forged or from another secret is
// a client's problem, not ours, and anyone can send one: no line per request, a count per minute.

/** Codes next-auth reports for what a client sent (a cookie it can't read, a session that ended). */
const CLIENT_ERRORS = new Set(["JWT_SESSION_ERROR", "SESSION_ERROR", "CLIENT_FETCH_ERROR"]);
const CLIENT_ERROR_LOG_EVERY_MS = 60_000;

let clientErrors = 0;
let lastClientErrorLog = 0;

function errorOf(metadata: unknown): unknown {
  if (metadata instanceof Error) return metadata;
  return (metadata as { error?: unknown } | undefined)?.error ?? metadata;
}

export const authLogger: Partial<LoggerInstance> = {
  error(code, metadata) {
    const error = errorOf(metadata);
    if (noteDatabaseFailure(error)) return countOutageAnswer("unavailableRequests");
    if (CLIENT_ERRORS.has(code)) {
      clientErrors += 1;
      if (Date.now() - lastClientErrorLog < CLIENT_ERROR_LOG_EVERY_MS) return;
      lastClientErrorLog = Date.now();
      log.info("sessions refused (a cookie that could not be read or has ended)", { code, count: clientErrors });
      clientErrors = 0;
      return;
    }
    log.error("sign-in error", { code, error: error instanceof Error ? error.message : String(error) });
  },
  warn(code) {
    log.warn("sign-in warning", { code });
  },
  debug() {},
};
