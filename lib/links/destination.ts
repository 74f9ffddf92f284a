import { config } from "../config";
import { HopError } from "../errors";

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

/** Trimmed absolute http(s) URL, or INVALID_DESTINATION_URL naming the field. */
export function parseDestination(value: unknown, field: string): string {
  const text = typeof value === "string" ? value.trim() : "";
  let url: URL | null = null;
  try {
    url = text ? new URL(text) : null;
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname || !/^https?:\/\//i.test(text)) {
    throw new HopError("INVALID_DESTINATION_URL", { field, message: `${field} must be an absolute http(s) URL.` });
  }
  return text;
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
