// One JSON line per event on stderr. Callers pass only what is safe to keep: never a key, a
// password or an Authorization header (the wrapper logs method, path, status and request id).
type Fields = Record<string, unknown>;

function write(level: "info" | "warn" | "error", message: string, fields: Fields = {}): void {
  if (process.env.HOP_LOG === "silent") return;
  const line = JSON.stringify({ t: new Date().toISOString(), level, message, ...fields });
  process.stderr.write(line + "\n");
}

export const log = {
  info: (message: string, fields?: Fields) => write("info", message, fields),
  warn: (message: string, fields?: Fields) => write("warn", message, fields),
  error: (message: string, fields?: Fields) => write("error", message, fields),
};

export function errorFields(error: unknown): Fields {
  if (error instanceof Error) return { error: error.message, stack: error.stack };
  return { error: String(error) };
}
