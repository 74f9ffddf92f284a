import { config } from "../config";

// A link on the primary domain has id = slug; anywhere else `<host>__<path>` (a custom-domain root
// page is just `<host>`); a website at the default address `site/<id>` has id = <id>.
export const SITE_PREFIX = "site/";

export function publicIdOf(domain: string, slug: string): string {
  if (slug.startsWith(SITE_PREFIX) && domain === config().primaryDomain) return slug.slice(SITE_PREFIX.length);
  if (domain === config().primaryDomain) return slug;
  return slug === "" ? domain : `${domain}__${slug}`;
}

/** The short URL the API returns; a custom-domain root page has no trailing slash. */
export function shortUrlOf(domain: string, slug: string): string {
  const base = `${config().shortLinkScheme}://${domain}`;
  return slug === "" ? base : `${base}/${slug}`;
}
