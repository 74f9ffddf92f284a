import { normalizeHttpUrl } from "../links/http-url";
import { LRUCache } from "lru-cache";
import type { GeoRule, LanguageRule } from "../links/rules";
import { shared } from "../shared";
import { visitorBucket, visitorOfDay } from "./visitor-day";

// Parsing a URL costs more than the rest of a cached redirect; the same destinations repeat.
const HREF_CACHE_MAX = 20_000;
const hrefCache = () => shared("hrefCache", () => new LRUCache<string, string>({ max: HREF_CACHE_MAX }));

// Where a human visitor goes: the first geo rule that matches (countries, cities as
// case-insensitive substrings, both when both are set), else the first language rule that
// matches Accept-Language, else the device's URL (iOS, Android) when the link has one, else the
// visitor's A/B variant when the link has a test (pickVariant), else the destination. The visit's query string is carried over, but
// never over the destination's own parameters (docs/links.md "Query forwarding").

export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag);
}

function geoMatches(rule: GeoRule, country: string | null, city: string | null): boolean {
  const countries = rule.countries ?? [];
  const cities = rule.cities ?? [];
  if (countries.length && !(country && countries.includes(country.toUpperCase()))) return false;
  if (cities.length && !(city && cities.some((c) => city.toLowerCase().includes(c.toLowerCase())))) return false;
  return countries.length > 0 || cities.length > 0;
}

function languageMatches(rule: LanguageRule, visitorTags: string[]): boolean {
  const wanted = rule.languages.map((l) => l.toLowerCase());
  return visitorTags.some((tag) => wanted.includes(tag) || wanted.includes(tag.split("-")[0]));
}

/**
 * The variant a visitor's bucket (0–99, visitorBucket) falls in, the weights laid end to end:
 * weights 70/30 give buckets 0–69 the first, 70–99 the second.
 */
export function pickVariant(variants: ReadonlyArray<{ weight: number }>, bucket: number): number {
  let upTo = 0;
  for (let index = 0; index < variants.length; index += 1) {
    upTo += variants[index].weight;
    if (bucket < upTo) return index;
  }
  return variants.length - 1;
}

/**
 * The variant index of this visitor (address and agent, through the day's pseudonym) for a link
 * with a test; the same all day, independent between links. Nothing about the visitor is kept.
 */
export function variantOfVisitor(linkId: string, variants: ReadonlyArray<{ weight: number }>, ip: string | null, userAgent: string | undefined, at: number): number {
  return pickVariant(variants, visitorBucket(visitorOfDay(ip ?? "", userAgent, at), linkId));
}

/** `variantUrl`: the visitor's A/B variant's URL, which only the targeting rules above override. */
export function chooseDestination(
  link: { destination: string | null; geoRules: unknown; languageRules: unknown; ios?: string | null; android?: string | null },
  visitor: { country: string | null; city: string | null; acceptLanguage: string | undefined; platform?: string },
  variantUrl: string | null = null,
): string | null {
  const geoRules = Array.isArray(link.geoRules) ? (link.geoRules as GeoRule[]) : [];
  for (const rule of geoRules) if (geoMatches(rule, visitor.country, visitor.city)) return rule.redirectUrl;
  const languageRules = Array.isArray(link.languageRules) ? (link.languageRules as LanguageRule[]) : [];
  if (languageRules.length) {
    const tags = parseAcceptLanguage(visitor.acceptLanguage);
    for (const rule of languageRules) if (languageMatches(rule, tags)) return rule.redirectUrl;
  }
  if (link.ios && visitor.platform === "ios") return link.ios;
  if (link.android && visitor.platform === "android") return link.android;
  return variantUrl ?? link.destination;
}

/**
 * A stored URL as a visitor's Location: `new URL(…).href`, as it is stored today. A row stored
 * before validation that is not a usable http(s) URL (a control character, say) throws, and the
 * visitor path answers the error page instead of writing a header it cannot.
 */
export function locationOf(stored: string): string {
  const hrefs = hrefCache();
  let href = hrefs.get(stored);
  if (href === undefined) {
    // "" keeps "not a usable URL" too.
    href = normalizeHttpUrl(stored) ?? "";
    hrefs.set(stored, href);
  }
  if (!href) throw new Error("stored destination is not a usable http(s) URL");
  return href;
}

/**
 * The visit's query parameters added to the destination's, only those the destination does not
 * already have: the owner's parameters win (a visitor cannot rewrite `return_to`). The owner's
 * query is kept byte for byte; the visitor's follow it in their order, before any fragment.
 */
export function forwardQuery(destination: string, search: string): string {
  if (!search || search === "?") return destination;
  const url = new URL(destination);
  const owners = new Set(url.searchParams.keys());
  const added = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(search)) if (!owners.has(key)) added.append(key, value);
  const extra = added.toString();
  if (!extra) return destination;
  url.search = url.search.length > 1 ? `${url.search}&${extra}` : extra;
  return url.href;
}
