// Slugs that cannot be links on the primary domain: only the first path segments the app itself
// serves there (when the primary domain is also the app's host, the first segment decides between
// the app and a link: lib/visit/answer-visit.ts). tests/unit/reserved-app-paths.test.ts checks that
// every top-level route under app/ is here, and that nothing else is. Custom and system domains
// serve no app pages, so no word is reserved there — only the two paths every visitor page loads
// its scripts and beacons from (VISITOR_PATHS); campaign words (blog, pricing, about, help …) are
// free everywhere. docs/links.md lists them.
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  // app/ routes and route groups' pages
  "v1", "api", "docs", "editor", "invite", "login", "signup", "forgot-password", "reset-password", "confirm-email", "__hop",
  "links", "websites", "domains", "analytics", "keys", "team", "webhooks", "account", "mcp",
  // visitor pages of websites (/site/…), Next's assets, the server's own paths
  "site", "_next", "favicon.ico", "icon.svg", "robots.txt", "sitemap.xml", "metrics",
]);

export const SLUG_PATTERN = /^[A-Za-z0-9_-]{3,50}$/;

/** Paths a visitor page uses on any host (Next's scripts, Hop's click beacon and images). */
export const VISITOR_PATHS: ReadonlySet<string> = new Set(["_next", "__hop"]);

/** Whether `slug` is refused: on the primary domain any RESERVED_SLUGS word, elsewhere only VISITOR_PATHS. */
export function isReservedSlug(slug: string, onPrimary = true): boolean {
  const lower = slug.toLowerCase();
  return onPrimary ? RESERVED_SLUGS.has(lower) : VISITOR_PATHS.has(lower);
}
