// Slugs that can never be links: words reserved by convention and every first path segment the
// app itself serves on a host that may also be the primary short-link domain.
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  // app routes
  "v1", "api", "site", "editor", "dashboard", "_next", "__hop", "login", "logout", "signin", "signout", "signup",
  "register", "auth", "settings", "account", "billing", "admin", "static", "public", "assets", "favicon.ico",
  "robots.txt", "sitemap.xml", "icon.svg", "health", "docs", "help", "support", "app", "www", "mail", "email",
  "status", "pricing", "terms", "privacy", "legal", "about", "blog", "links", "domains", "analytics", "keys",
  "drafts", "websites", "groups", "team", "invite", "invitations", "new", "root", "null", "undefined",
  "forgot-password", "reset-password", "webhooks", "metrics",
]);

export const SLUG_PATTERN = /^[A-Za-z0-9_-]{3,50}$/;

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug.toLowerCase());
}
