import { randomSlug } from "../ids";
import { isReservedSlug, SLUG_PATTERN } from "./reserved";

// The slug rule of POST /v1/links (SLUG_PATTERN, not reserved), broken into the one rule a slug
// breaks, so the dashboard can say which; and the slug a new link starts with. Client-safe.

export type SlugProblem = "short" | "long" | "characters" | "reserved";

/** Which rule `slug` breaks, or null when it is a valid slug (reserved words count on the primary domain only). */
export function slugProblem(slug: string, onPrimary = true): SlugProblem | null {
  if (SLUG_PATTERN.test(slug)) return isReservedSlug(slug, onPrimary) ? "reserved" : null;
  if (slug.length < 3) return "short";
  if (slug.length > 50) return "long";
  return "characters";
}

/** A variant of a taken or reserved slug that is worth trying: `blog` → `blog-1`, `sale-1` → `sale-2`. */
export function slugVariant(slug: string): string {
  const numbered = /^(.*)-(\d{1,6})$/.exec(slug);
  const next = numbered ? `${numbered[1]}-${Number(numbered[2]) + 1}` : `${slug}-1`;
  return next.length <= 50 ? next : `${slug.slice(0, 47)}-1`;
}

/** The slug a new link is offered: 7 lowercase letters and digits, as the server generates on custom domains. */
export function suggestedSlug(): string {
  for (;;) {
    const slug = randomSlug();
    if (!isReservedSlug(slug)) return slug;
  }
}

/** A slug made from a page's name ("Ada Lovelace" → `ada-lovelace`), or "" when the name gives none. */
export function slugFromName(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const slug = words.length > 50 ? words.slice(0, 50).replace(/-+$/, "") : words;
  const problem = slugProblem(slug);
  if (problem === null) return slug;
  return problem === "reserved" ? slugVariant(slug) : "";
}
