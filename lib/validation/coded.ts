import { ERROR_CODES, type ErrorCode } from "../errors";

// Some fields answer with a code of their own rather than a generic one (a destination that is not
// a string is INVALID_DESTINATION_URL, like one that is not http(s)). The schema carries that code in
// the issue's message, behind a marker that parse.ts turns into the HopError; so the schema that
// validates is also the one the OpenAPI document describes.

const MARK = "\u0000hop-code:";

/** A zod `error` option: an issue of this schema becomes `code` with `field` (and `message`, if given). */
export function codedError(code: ErrorCode, message: string | ((issue: { input?: unknown }) => string) = ""): (issue: { input?: unknown }) => string {
  return (issue) => `${MARK}${code}${MARK}${typeof message === "function" ? message(issue) : message}`;
}

/** The code and message carried by a coded issue message, or null for an ordinary one. */
export function readCodedMessage(message: string, field: string): { code: ErrorCode; message: string } | null {
  if (!message.startsWith(MARK)) return null;
  const rest = message.slice(MARK.length);
  const code = rest.slice(0, rest.indexOf(MARK)) as ErrorCode;
  if (!(code in ERROR_CODES)) return null;
  return { code, message: rest.slice(rest.indexOf(MARK) + MARK.length) || messageFor(code, field) };
}

function messageFor(code: ErrorCode, field: string): string {
  if (code === "INVALID_DESTINATION_URL") return `${field} must be an absolute http(s) URL.`;
  if (code === "INVALID_SLUG") return ERROR_CODES.INVALID_SLUG.message;
  if (code === "invalid_domain") return `${field} must be a string.`;
  return field ? `${field}: ${ERROR_CODES[code].message}` : ERROR_CODES[code].message;
}
