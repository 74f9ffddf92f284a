import { format } from "node:util";

// One JSON line per event on stderr. Callers pass only what is safe to keep: never a key, a
// password or an Authorization header (the wrapper logs method, path, status and request id).
type Fields = Record<string, unknown>;

function write(level: "info" | "warn" | "error", message: string, fields: Fields = {}): void {
  if (process.env.HOP_LOG === "silent") return;
  const line = JSON.stringify({ t: new Date().toISOString(), level, message, ...fields });
  process.stderr.write(withoutCredentials(line) + "\n");
}

// A client library's error may quote the URL it was given (a Redis or database URL with its
// password): whatever stands between `scheme://` and a host's `@` never reaches a log line.
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#"@]*@/gi;

/** The text with every URL's user name and password replaced by `***`. */
export function withoutCredentials(text: string): string {
  return text.replace(URL_CREDENTIALS, "$1***@");
}

export const log = {
  info: (message: string, fields?: Fields) => write("info", message, fields),
  warn: (message: string, fields?: Fields) => write("warn", message, fields),
  error: (message: string, fields?: Fields) => write("error", message, fields),
};

export function errorFields(error: unknown): Fields {
  if (error instanceof Error) return { error: withoutCredentials(error.message), stack: error.stack && withoutCredentials(error.stack) };
  return { error: withoutCredentials(String(error)) };
}

/**
 * The server's console through this log: what Next, next-auth or a library prints (a start-up
 * line, a caught error's stack) becomes one JSON line like every other, so a log shipper parses
 * every line and an alert on level=error sees only errors. Multi-line text stays in one line's
 * message. Called once by the server processes, never by the CLI (whose output is its answer).
 */
export function routeConsoleToLog(): void {
  const to = (level: "info" | "warn" | "error") => (...args: unknown[]) => write(level, withoutCredentials(format(...args)), { source: "console" });
  console.log = to("info");
  console.info = to("info");
  console.debug = to("info");
  console.warn = to("warn");
  console.error = to("error");
}
