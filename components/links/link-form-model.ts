// The link form's state and how it becomes the API's bodies (CreateLinkBody, UpdateLinkBody).
import type { LinkDetails as StoredLink } from "@/lib/links/link-object";
import { countOf } from "@/lib/text/plural";

/** Each behaviour's name as people read it (the API's value stays the option's id). */
export const BEHAVIOR_NAMES: Record<string, string> = {
  conservative: "Ask in in-app browsers (conservative)",
  basic: "Plain redirect (basic)",
  aggressive: "Open the real browser (aggressive)",
  "non-meta": "Plain in Meta's apps, else open the browser (non-meta)",
  reddit: "Tuned for Reddit (reddit)",
  experimental: "Trial technique A (as aggressive for now)",
  experimental2: "Trial technique B (as aggressive for now)",
};

export const BEHAVIOR_HELP: Record<string, string> = {
  conservative: "Default. In-app browsers get a page with “Open in browser” and “Continue here”, no script.",
  basic: "Always a plain redirect, in-app browsers included.",
  aggressive: "In-app browsers get the escape page and an immediate attempt to open the real browser.",
  "non-meta": "Plain redirect in Instagram, Facebook, Messenger and Threads; other in-app browsers as aggressive.",
  reddit: "As aggressive; the same hand-off works in Reddit’s in-app browser.",
  experimental: "Behaves as aggressive today; a new hand-off technique will be tried here first.",
  experimental2: "Behaves as aggressive today; a second new hand-off technique will be tried here.",
};

export interface GeoRuleState {
  key: number;
  /** ISO codes, as the country picker gives them. */
  countries: string[];
  presetId: string;
  cities: string;
  redirectUrl: string;
}

export interface LanguageRuleState {
  key: number;
  languages: string;
  redirectUrl: string;
}

export interface VariantState {
  key: number;
  url: string;
  /** The percentage as typed. */
  weight: string;
}

export interface LinkFormState {
  url: string;
  domain: string;
  slug: string;
  title: string;
  description: string;
  tags: string;
  groupId: string;
  behavior: string;
  geoRules: GeoRuleState[];
  languageRules: LanguageRuleState[];
  seoImage: string;
  googleTagId: string;
  metaPixelId: string;
  alternateBackUrl: string;
  /** ISO 8601 (UTC) or ""; the input shows it in the browser's time zone. */
  expiresAt: string;
  expiredUrl: string;
  /** ISO 8601 (UTC) or "": before it the link is not live yet. */
  startsAt: string;
  /** The visit limit as typed ("" for none). */
  maxClicks: string;
  /** A new password to set ("" keeps the current one, or none). */
  password: string;
  removePassword: boolean;
  ios: string;
  android: string;
  /** The A/B test's destinations (none: no test). */
  variants: VariantState[];
}

/** What the form reads of GET /v1/links/{identifier}'s link (the page passes the use case's object). */
export type LinkDetails = Pick<
  StoredLink,
  | "id" | "url" | "domain" | "slug" | "destination" | "title" | "description" | "tags" | "groupId" | "isActive"
  | "behavior" | "geoRules" | "languageRules" | "seo" | "googleTags" | "metaPixel" | "alternateBackUrl"
  | "expiresAt" | "expiredUrl" | "startsAt" | "maxClicks" | "hasPassword" | "ios" | "android" | "variants"
>;

let nextKey = 1;
export const newKey = () => nextKey++;

const list = (text: string) =>
  text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);

const str = (value: unknown) => (typeof value === "string" ? value : "");
const obj = (value: unknown) => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const arr = (value: unknown) => (Array.isArray(value) ? value : []);

export function initialState(link: LinkDetails | null, defaultDomain: string): LinkFormState {
  const seo = obj(link?.seo);
  return {
    url: link?.destination ?? "",
    domain: link?.domain ?? defaultDomain,
    slug: link?.slug ?? "",
    title: link?.title ?? "",
    description: link?.description ?? "",
    tags: (link?.tags ?? []).join(", "),
    groupId: link?.groupId ?? "",
    behavior: link?.behavior ?? "conservative",
    geoRules: arr(link?.geoRules).map((rule) => {
      const r = obj(rule);
      return { key: newKey(), countries: arr(r.countries).map(String), presetId: str(r.presetId), cities: arr(r.cities).join(", "), redirectUrl: str(r.redirectUrl) };
    }),
    languageRules: arr(link?.languageRules).map((rule) => {
      const r = obj(rule);
      return { key: newKey(), languages: arr(r.languages).join(", "), redirectUrl: str(r.redirectUrl) };
    }),
    seoImage: str(seo.image),
    googleTagId: str(obj(link?.googleTags).measurementId),
    metaPixelId: str(obj(link?.metaPixel).pixelId),
    alternateBackUrl: link?.alternateBackUrl ?? "",
    expiresAt: link?.expiresAt ?? "",
    expiredUrl: link?.expiredUrl ?? "",
    startsAt: link?.startsAt ?? "",
    maxClicks: link?.maxClicks == null ? "" : String(link.maxClicks),
    password: "",
    removePassword: false,
    ios: link?.ios ?? "",
    android: link?.android ?? "",
    variants: (link?.variants ?? []).map((variant) => ({ key: newKey(), url: variant.url, weight: String(variant.weight) })),
  };
}

/** The typed weights' sum (a weight that is not a whole number counts as 0). */
export function variantWeightSum(variants: VariantState[]): number {
  return variants.reduce((sum, variant) => sum + (/^\d+$/.test(variant.weight.trim()) ? Number(variant.weight.trim()) : 0), 0);
}

/** The A/B test as the API takes it (a weight typed as words is NaN, which the check names), or null for none. */
export function variantsBody(state: Pick<LinkFormState, "variants">) {
  return state.variants.length ? state.variants.map((variant) => ({ url: variant.url, weight: variant.weight.trim() ? Number(variant.weight.trim()) : NaN })) : null;
}

function geoRulesBody(state: LinkFormState) {
  return state.geoRules.map((rule) => ({
    ...(rule.countries.length ? { countries: rule.countries } : {}),
    ...(rule.presetId ? { presetId: rule.presetId } : {}),
    ...(list(rule.cities).length ? { cities: list(rule.cities) } : {}),
    redirectUrl: rule.redirectUrl,
  }));
}

function languageRulesBody(state: LinkFormState) {
  return state.languageRules.map((rule) => ({ languages: list(rule.languages), redirectUrl: rule.redirectUrl }));
}

/** POST body: what CreateLinkBody takes. */
/** The create: every section in one POST (lib/links/link-form-body.ts); empty fields left out. */
export function createBody(state: LinkFormState) {
  const seo = seoObject(state);
  return {
    url: state.url,
    domain: state.domain || undefined,
    slug: state.slug.trim() || undefined,
    title: state.title || undefined,
    description: state.description || undefined,
    tags: list(state.tags),
    groupId: state.groupId || undefined,
    behavior: state.behavior,
    geoRules: geoRulesBody(state),
    languageRules: languageRulesBody(state),
    expiresAt: state.expiresAt || undefined,
    expiredUrl: state.expiredUrl || undefined,
    startsAt: state.startsAt || undefined,
    maxClicks: maxClicksOf(state) ?? undefined,
    password: state.password || undefined,
    ios: state.ios || undefined,
    android: state.android || undefined,
    variants: variantsBody(state) ?? undefined,
    seo: Object.keys(seo).length ? seo : undefined,
    googleTags: state.googleTagId ? { measurementId: state.googleTagId.trim() } : undefined,
    metaPixel: state.metaPixelId ? { pixelId: state.metaPixelId.trim() } : undefined,
    alternateBackUrl: state.alternateBackUrl || undefined,
  };
}

/** The typed visit limit as the API's number (NaN for words or fractions, which the check names), or null. */
export function maxClicksOf(state: Pick<LinkFormState, "maxClicks">): number | null {
  const text = state.maxClicks.replace(/[\s,_]/g, "");
  return text ? Number(text) : null;
}

/** The edit: every section in one PUT, the seo object beside the title and the group included. */
export function updateBody(state: LinkFormState) {
  return {
    destination: state.url,
    title: state.title,
    description: state.description || null,
    seo: seoObject(state),
    tags: list(state.tags),
    groupId: state.groupId || null,
    behavior: state.behavior,
    geoRules: geoRulesBody(state),
    languageRules: languageRulesBody(state),
    googleTags: { measurementId: state.googleTagId.trim() },
    metaPixel: { pixelId: state.metaPixelId.trim() },
    alternateBackUrl: state.alternateBackUrl || null,
    expiresAt: state.expiresAt || null,
    expiredUrl: state.expiredUrl || null,
    startsAt: state.startsAt || null,
    maxClicks: maxClicksOf(state),
    ...(state.removePassword ? { password: null } : state.password ? { password: state.password } : {}),
    ios: state.ios || null,
    android: state.android || null,
    variants: variantsBody(state),
  };
}

/**
 * The link's seo object as the form sees it. The link's title and description are its SEO title
 * and description (API.md), but a link-preview fetcher is shown seo.title/seo.description first
 * when set, so they are written there too, in the same save, so the two never disagree. Empty
 * values are left out.
 */
export function seoObject(state: LinkFormState): Record<string, string> {
  const seo: Record<string, string> = {};
  if (state.title.trim()) seo.title = state.title;
  if (state.description.trim()) seo.description = state.description;
  if (state.seoImage.trim()) seo.image = state.seoImage.trim();
  return seo;
}

/** The closed line of each folding section: what is set, in a few words. */
export function sectionSummaries(state: LinkFormState) {
  const count = (n: number, one: string) => (n ? countOf(n, one) : "None");
  const set = (parts: Array<[string, string]>) => parts.filter(([, value]) => value.trim()).map(([name]) => name).join(" · ") || "Not set";
  return {
    utm: utmSummary(state.url),
    behavior: BEHAVIOR_NAMES[state.behavior] ?? state.behavior,
    geo: count(state.geoRules.length, "rule"),
    languages: count(state.languageRules.length, "rule"),
    seo: set([["Title", state.title], ["Description", state.description], ["Image", state.seoImage]]),
    tracking: set([["Google tag", state.googleTagId], ["Meta pixel", state.metaPixelId], ["Back URL", state.alternateBackUrl]]),
    devices: set([["iOS", state.ios], ["Android", state.android]]),
    abTest: state.variants.length ? `${countOf(state.variants.length, "destination")} · ${state.variants.map((variant) => `${variant.weight.trim() || "?"} %`).join(" / ")}` : "Off",
  };
}

/** An ISO instant as a datetime-local input's value, in the browser's time zone. */
export function localInputOf(iso: string): string {
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A datetime-local value (the browser's time zone) as an ISO instant with its offset (UTC), or "". */
export function isoOfLocalInput(value: string): string {
  const at = value ? new Date(value) : null;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : "";
}

export const UTM_FIELDS = [
  ["utm_source", "Source", "newsletter"],
  ["utm_medium", "Medium", "email"],
  ["utm_campaign", "Campaign", "spring_sale"],
  ["utm_term", "Term", "running shoes"],
  ["utm_content", "Content", "header_button"],
] as const;
export type UtmKey = (typeof UTM_FIELDS)[number][0];

/** The destination's UTM parameters, or null while it is not a full http(s) address to add them to. */
export function utmOf(destination: string): Record<UtmKey, string> | null {
  let url: URL;
  try {
    url = new URL(destination.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  return Object.fromEntries(UTM_FIELDS.map(([key]) => [key, url.searchParams.get(key) ?? ""])) as Record<UtmKey, string>;
}

/** The destination with one UTM parameter set (or removed when empty); the rest of its query stays as it was. */
export function withUtm(destination: string, key: UtmKey, value: string): string {
  const url = new URL(destination.trim());
  if (value) url.searchParams.set(key, value);
  else url.searchParams.delete(key);
  return url.href;
}

function utmSummary(destination: string): string {
  const utm = utmOf(destination);
  const set = utm ? UTM_FIELDS.filter(([key]) => utm[key]).map(([key]) => `${key.slice(4)}=${utm[key]}`) : [];
  return set.length ? set.join(" · ") : "Not set";
}
