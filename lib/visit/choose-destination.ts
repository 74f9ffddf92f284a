import type { GeoRule, LanguageRule } from "../links/rules";

// Where a human visitor goes: the first geo rule that matches (countries, cities as
// case-insensitive substrings, both when both are set), else the first language rule that
// matches Accept-Language, else the destination. The visit's query string is carried over.

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

export function chooseDestination(
  link: { destination: string | null; geoRules: unknown; languageRules: unknown },
  visitor: { country: string | null; city: string | null; acceptLanguage: string | undefined },
): string | null {
  const geoRules = Array.isArray(link.geoRules) ? (link.geoRules as GeoRule[]) : [];
  for (const rule of geoRules) if (geoMatches(rule, visitor.country, visitor.city)) return rule.redirectUrl;
  const languageRules = Array.isArray(link.languageRules) ? (link.languageRules as LanguageRule[]) : [];
  if (languageRules.length) {
    const tags = parseAcceptLanguage(visitor.acceptLanguage);
    for (const rule of languageRules) if (languageMatches(rule, tags)) return rule.redirectUrl;
  }
  return link.destination;
}

/** The visit's query parameters added to the destination's (the visit's win on a clash). */
export function forwardQuery(destination: string, search: string): string {
  if (!search || search === "?") return destination;
  try {
    const url = new URL(destination);
    for (const [key, value] of new URLSearchParams(search)) url.searchParams.set(key, value);
    return url.toString();
  } catch {
    return destination;
  }
}
