import { config } from "../config";
import { HopError } from "../errors";
import { hasControlCharacter, isTooLongUrl, MAX_URL_LENGTH, normalizeHttpUrl } from "./http-url";

// Hosts that only bounce visitors on to somewhere else (other shorteners and redirectors). Pointing
// primary-domain links at them hides the real destination behind our domain, so they are refused
// there; a system or custom domain may use them. BLOCKED_DESTINATION_HOSTS replaces the list.
export const DEFAULT_BLOCKED_HOSTS = [
  "bit.ly", "bitly.com", "tinyurl.com", "t.co", "goo.gl", "ow.ly", "is.gd", "buff.ly", "cutt.ly", "rebrand.ly",
  "shorturl.at", "rb.gy", "tiny.cc", "t.ly", "v.gd", "lnkd.in", "s.id", "bl.ink", "short.io", "linktr.ee",
];

export function blockedHosts(): string[] {
  const configured = config().blockedDestinationHosts;
  return configured.length ? configured : DEFAULT_BLOCKED_HOSTS;
}

/**
 * The destination as stored and answered: trimmed, then `new URL(…).href` (see http-url.ts), or
 * INVALID_DESTINATION_URL naming the field (not absolute http(s), a control character anywhere, or
 * longer than MAX_URL_LENGTH once normalised).
 */
export function parseDestination(value: unknown, field: string): string {
  if (typeof value === "string" && hasControlCharacter(value)) {
    throw new HopError("INVALID_DESTINATION_URL", { field, message: `${field} must not contain control characters (CR, LF, TAB, NUL, DEL …).` });
  }
  if (typeof value === "string" && isTooLongUrl(value)) {
    throw new HopError("INVALID_DESTINATION_URL", { field, message: `${field} must be at most ${MAX_URL_LENGTH.toLocaleString("en")} characters long.` });
  }
  const normalized = typeof value === "string" ? normalizeHttpUrl(value.trim()) : null;
  if (!normalized) throw new HopError("INVALID_DESTINATION_URL", { field, message: `${field} must be an absolute http(s) URL.` });
  return normalized;
}

export function isBlockedDestination(destination: string): boolean {
  const host = new URL(destination).hostname.toLowerCase().replace(/\.$/, "");
  return blockedHosts().some((blocked) => host === blocked || host.endsWith(`.${blocked}`));
}

export function assertNotBlocked(destination: string, field: string): void {
  if (isBlockedDestination(destination)) {
    throw new HopError("BLOCKED_BOUNCY_DESTINATION", { field, message: `${new URL(destination).hostname} cannot be a destination on the primary domain; use a system or custom domain.` });
  }
}
