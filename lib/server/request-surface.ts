import { FONT_PATH_PREFIX } from "../bio/font-choices";
import { CARD_PATH_PREFIX, IMAGE_PATH_PREFIX } from "../images/image-address";
import { isReservedSlug } from "../links/reserved";
import { CONFIRM_PATH, UNSUBSCRIBE_PATH } from "../websites/signup-paths";

// Which surface a request's path belongs to, as the checks before Next need it: /v1, /api and
// /mcp answer errors as JSON, every other path is a page's, and a page serves only the methods
// named here (lib/server/before-next.ts, lib/server/refused-requests.ts).

const PAGE_METHODS = ["GET", "HEAD"];
/** A short link's address also takes its password form's POST (the visitor entry point answers it, or 405). */
const LINK_METHODS = ["GET", "HEAD", "POST"];
/** The visitor's form posts and click beacons (lib/visit answers them). */
const VISITOR_POST_PREFIX = "/__hop/";

export function isApiPath(url: string): boolean {
  return url === "/v1" || url.startsWith("/v1/") || url.startsWith("/v1?");
}

/** /v1, /api and /mcp answer errors as JSON; every other path is a page's. */
export function answersJson(url: string): boolean {
  return isApiPath(url) || url === "/api" || url.startsWith("/api/") || url.startsWith("/api?") || url === "/mcp" || url.startsWith("/mcp?") || url.startsWith("/mcp/");
}

/** The methods a path outside /v1, /api and /mcp serves. */
export function pageMethodsOf(url: string): string[] {
  if (url.startsWith(IMAGE_PATH_PREFIX) || url.startsWith(CARD_PATH_PREFIX) || url.startsWith(FONT_PATH_PREFIX)) return ["GET", "HEAD"];
  // A sign-up's mailed links open a page with a button (GET), which posts back to the same address.
  if (pathOf(url) === CONFIRM_PATH || pathOf(url) === UNSUBSCRIBE_PATH) return ["GET", "HEAD", "POST"];
  if (url.startsWith(VISITOR_POST_PREFIX)) return ["POST"];
  return mayBeShortLink(url) ? LINK_METHODS : PAGE_METHODS;
}

const pathOf = (url: string) => url.replace(/[?#].*$/, "");

/** Whether a path's first segment could be a short link's (none of the app's own). */
function mayBeShortLink(url: string): boolean {
  const first = /^\/([^/?#]+)/.exec(url)?.[1];
  return first !== undefined && !isReservedSlug(first);
}
