import { unstorableReason } from "../validation/storable";
import { useSecureCookies } from "./session";

// Where a browser may be sent after signing in (the login page's `callbackUrl`, next-auth's callback
// URL from a query, a form field or its cookie). Browsers forgive what a string check does not —
// they drop tabs and newlines anywhere in a URL, read `\` as `/`, and resolve `/.//evil` to
// `//evil` — so the value is resolved with the URL parser against our origin and only a path of
// that origin survives, re-serialised by the parser (ASCII, percent-encoded). Anything else is "/".

export const HOME_PATH = "/";
const MAX_CALLBACK_LENGTH = 2048;
// C0 and C1 controls, DEL, the backslash, and U+FFFD (what a broken escape decodes to, as in a
// query's `%ED%A0%80`): in the value or in what its escapes decode to.
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\\\ufffd]/;
// Pages that would only send the browser on again (and could loop).
const NOT_A_TARGET = /^\/(login|signup)(\/|$)/;

function decodesSafely(path: string): boolean {
  try {
    const decoded = decodeURIComponent(path);
    return !UNSAFE_CHARACTER.test(decoded) && !decoded.startsWith("//");
  } catch {
    // An escape that is not UTF-8 (`%ED%A0%80`, a lone surrogate) is nothing a page of ours links to.
    return false;
  }
}

/**
 * The same-origin path (`/links?sort=clicks#top`) `value` names, or "/": a path or an absolute
 * URL of `origin`; never another origin, a scheme-relative `//host`, a control
 * character, a backslash, or a value that is not a single well-formed string.
 */
export function safeCallbackPath(value: unknown, origin: string): string {
  if (typeof value !== "string" || value === "" || value.length > MAX_CALLBACK_LENGTH) return HOME_PATH;
  if (UNSAFE_CHARACTER.test(value) || unstorableReason(value)) return HOME_PATH;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    // A path is resolved against our origin; anything else must be a whole URL by itself (so
    // `https:evil.test` or `evil.test/x` is not read relative to us).
    url = value.startsWith("/") ? new URL(value, base) : new URL(value);
  } catch {
    return HOME_PATH;
  }
  if (url.origin !== base.origin) return HOME_PATH;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The parser collapses `/.//evil` into the path `//evil`, which a Location header would read as a host.
  if (!path.startsWith("/") || path.startsWith("//") || !decodesSafely(path)) return HOME_PATH;
  if (NOT_A_TARGET.test(url.pathname)) return HOME_PATH;
  return path;
}

/** next-auth's cookie that remembers the callback URL between its requests. */
export function callbackUrlCookieName(): string {
  return `${useSecureCookies() ? "__Secure-" : ""}next-auth.callback-url`;
}

/**
 * What next-auth itself demands of a callback URL in its query or cookie (a path, or an absolute
 * http(s) URL): it answers anything else with a 500 "configuration" error before our redirect
 * callback can make it safe.
 */
export function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value, value.startsWith("/") ? "http://localhost" : undefined).protocol);
  } catch {
    return false;
  }
}
