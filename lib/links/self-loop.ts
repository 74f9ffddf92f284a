import { HopError } from "../errors";
import { domainKind } from "./link-domain";

// A link's own URLs (destination, expiredUrl, ios, android, rule URLs) may not name the link's own
// short address: a visit would be sent back to the link, and a browser loops until it gives up.
// The scheme is not compared (an http short link answers its https spelling too, behind TLS).

/** Whether `url` (normalised by parseDestination) is the short address domain/slug. */
function isOwnAddress(url: string, domain: string, slug: string): boolean {
  const parsed = new URL(url);
  if (parsed.host !== domain.toLowerCase()) return false;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname.slice(1));
  } catch {
    return false;
  }
  // Primary and system domains answer slugs in any case (answer-visit.ts addressOf); custom domains as written.
  return domainKind(domain) === "custom" ? path === slug : path.toLowerCase() === slug.toLowerCase();
}

type Rule = { redirectUrl?: unknown };

/** 400 INVALID_DESTINATION_URL naming the first field whose URL points back at the link. */
export function assertNoSelfLoop(domain: string, slug: string, fields: Record<string, unknown>, rules: Record<string, unknown> = {}): void {
  const named: [string, unknown][] = Object.entries(fields);
  for (const [field, list] of Object.entries(rules)) {
    if (Array.isArray(list)) list.forEach((rule: Rule | null, index) => named.push([`${field}[${index}].redirectUrl`, rule?.redirectUrl]));
  }
  for (const [field, url] of named) {
    if (typeof url === "string" && isOwnAddress(url, domain, slug)) {
      throw new HopError("INVALID_DESTINATION_URL", { field, message: `${field} points back at this link (a redirect loop).` });
    }
  }
}
