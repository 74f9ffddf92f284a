// The link form's own check before it sends anything: the same schemas the API validates with
// (CreateLinkBody, UpdateLinkBody), the destination and slug rules of lib/links, every problem at
// once, each in words (lib/dashboard/human-messages) and tied to the control that shows it.
// First of all: zod without `new Function` in the browser, before the schemas below are built.
import "@/lib/validation/browser-zod";
import { humanMessage, PLAIN_FIELDS, type Problem } from "@/lib/dashboard/human-messages";
import { hasControlCharacter, isTooLongUrl, MAX_URL_LENGTH, normalizeHttpUrl } from "@/lib/links/http-url";
import { LinkFormCreateBody, LinkFormUpdateBody } from "@/lib/links/link-form-body";
import { slugProblem } from "@/lib/links/slug-rules";
import { issueError } from "@/lib/validation/parse";
import { createBody, updateBody, variantWeightSum, type LinkFormState } from "./link-form-model";

export interface FieldError {
  field: string;
  message: string;
}

/** The form's sections; one that holds an error opens before the error is focused. */
export const SECTIONS = ["basics", "utm", "abTest", "behavior", "geo", "languages", "expiration", "password", "devices", "seo", "tracking"] as const;
export type LinkFormSection = (typeof SECTIONS)[number];

const LABELS: Record<string, string> = {
  url: "The destination",
  slug: "The slug",
  domain: "The domain",
  tags: "Tags",
  groupId: "The group",
  title: "The title",
  description: "The SEO description",
  seo: "The preview image URL",
  googleTags: "The Google tag ID",
  metaPixel: "The Meta pixel ID",
  alternateBackUrl: "The alternate back URL",
  expiresAt: "The expiry",
  expiredUrl: "The expired URL",
  startsAt: "The start",
  maxClicks: "The visit limit",
  password: "The password",
  ios: "The iPhone and iPad URL",
  android: "The Android URL",
  variants: "The A/B test",
};

/** `geoRules[0].redirectUrl` → geo-0-redirect: the control a field's error belongs to. */
export function controlIdOf(field: string): string {
  const variant = /^variants\[(\d+)\](?:\.(\w+))?/.exec(field);
  if (variant) return `variant-${variant[1]}-${variant[2] === "weight" ? "weight" : "url"}`;
  const rule = /^(geoRules|languageRules)\[(\d+)\](?:\.(\w+))?/.exec(field);
  if (rule) {
    const prefix = rule[1] === "geoRules" ? "geo" : "lang";
    const member = { redirectUrl: "redirect", countries: "countries-add", presetId: "preset", cities: "cities", languages: "languages" }[rule[3] ?? ""];
    return `${prefix}-${rule[2]}-${member ?? (prefix === "geo" ? "countries-add" : "languages")}`;
  }
  const ids: Record<string, string> = {
    url: "link-url", destination: "link-url", slug: "link-slug", domain: "link-domain", tags: "link-tags", groupId: "link-group", behavior: "link-behavior-conservative",
    title: "link-title", description: "link-description", seo: "link-seo-image", googleTags: "link-google-tag", metaPixel: "link-meta-pixel", alternateBackUrl: "link-back-url",
    expiresAt: "link-expires-at", expiredUrl: "link-expired-url", startsAt: "link-starts-at", maxClicks: "link-max-clicks", password: "link-password", ios: "link-ios", android: "link-android",
    variants: "variant-add",
  };
  return ids[field.split(/[.[]/)[0]] ?? "link-url";
}

export function sectionOf(field: string): LinkFormSection {
  if (field.startsWith("geoRules")) return "geo";
  if (field.startsWith("languageRules")) return "languages";
  if (field.startsWith("variants")) return "abTest";
  if (field === "behavior") return "behavior";
  if (["description", "seo"].includes(field)) return "seo";
  if (["googleTags", "metaPixel", "alternateBackUrl"].includes(field)) return "tracking";
  if (["expiresAt", "expiredUrl", "startsAt", "maxClicks"].includes(field)) return "expiration";
  if (field === "password") return "password";
  if (field === "ios" || field === "android") return "devices";
  return "basics";
}

function labelOf(field: string): string {
  const rule = /^(geoRules|languageRules)\[(\d+)\]\.?(\w*)/.exec(field);
  if (rule) return rule[3] === "redirectUrl" ? "The redirect URL" : rule[3] === "languages" ? "Languages" : "This rule";
  const variant = /^variants\[(\d+)\]\.?(\w*)/.exec(field);
  if (variant) return variant[2] === "weight" ? `Destination ${Number(variant[1]) + 1}'s share` : `Destination ${Number(variant[1]) + 1}`;
  return LABELS[field] ?? "This field";
}

/** An answer of the dashboard's routes, or a problem of the form's own check, as the field and the words to show. */
export function fieldError(problem: Problem, state: LinkFormState): FieldError {
  const raw = problem.field ?? PLAIN_FIELDS[problem.message] ?? "form";
  const field = raw === "destination" ? "url" : raw;
  const message = problem.field && problem.message.startsWith(`${problem.field}: `) ? problem.message.slice(problem.field.length + 2) : problem.message;
  return { field, message: humanMessage({ ...problem, message }, { label: labelOf(field), slug: state.slug.trim(), domain: state.domain }) };
}

/** The form's own errors still standing after an edit: each stays (reworded to the new value) only while the check still finds it. */
export function remainingErrors(errors: FieldError[], found: FieldError[]): FieldError[] {
  return errors.flatMap((error) => found.filter((problem) => problem.field === error.field).slice(0, 1));
}

/** The basics card's fields top to bottom (others keep their order). */
const BASICS = ["url", "title", "domain", "slug", "tags", "groupId"];
const basicsOrder = (field: string) => (BASICS.includes(field) ? BASICS.indexOf(field) : BASICS.length);

/** Every problem the server would find without the database, first field first; [] when the form may be sent. */
export function checkLinkForm(state: LinkFormState, { editing, slugOptional, onPrimary = true }: { editing: boolean; slugOptional: boolean; onPrimary?: boolean }): FieldError[] {
  const problems: Problem[] = [];
  const url = (field: string, value: string, required: boolean) => {
    const text = value.trim();
    if (!text) {
      if (required) problems.push({ field, code: "missing_required_field", message: "" });
      return;
    }
    if (hasControlCharacter(text)) problems.push({ field, code: "INVALID_DESTINATION_URL", message: "control characters" });
    else if (isTooLongUrl(text)) problems.push({ field, code: "INVALID_DESTINATION_URL", message: `at most ${MAX_URL_LENGTH} characters` });
    else if (!normalizeHttpUrl(text)) problems.push({ field, code: "INVALID_DESTINATION_URL", message: "" });
  };
  url("url", state.url, true);
  if (!editing) {
    const slug = state.slug.trim();
    if (!slug && !slugOptional) problems.push({ message: "Missing custom slug" });
    else if (slug && slugProblem(slug, onPrimary)) problems.push({ field: "slug", code: "INVALID_SLUG", message: "" });
  }
  state.geoRules.forEach((rule, index) => {
    if (!rule.countries.length && !rule.presetId && !rule.cities.trim()) problems.push({ field: `geoRules[${index}].countries`, message: "Name countries, pick a geo preset, or list cities." });
    url(`geoRules[${index}].redirectUrl`, rule.redirectUrl, true);
  });
  state.languageRules.forEach((rule, index) => {
    if (!rule.languages.trim()) problems.push({ field: `languageRules[${index}].languages`, message: "Name at least one language, like fr or pt-BR." });
    url(`languageRules[${index}].redirectUrl`, rule.redirectUrl, true);
  });
  state.variants.forEach((variant, index) => {
    url(`variants[${index}].url`, variant.url, true);
    if (!/^\d+$/.test(variant.weight.trim()) || Number(variant.weight) < 1 || Number(variant.weight) > 99) problems.push({ field: `variants[${index}].weight`, message: "Give a whole number from 1 to 99." });
  });
  if (state.variants.length === 1) problems.push({ field: "variants", message: "An A/B test needs at least two destinations: add one, or remove this one." });
  else if (state.variants.length > 1 && variantWeightSum(state.variants) !== 100) problems.push({ field: "variants", message: `The shares must add up to 100 % (now ${variantWeightSum(state.variants)} %).` });
  url("alternateBackUrl", state.alternateBackUrl, false);
  url("expiredUrl", state.expiredUrl, false);
  url("ios", state.ios, false);
  url("android", state.android, false);
  if (!editing && state.expiresAt && Date.parse(state.expiresAt) <= Date.now()) problems.push({ field: "expiresAt", code: "INVALID_EXPIRATION", message: "expiresAt must lie in the future." });
  if (state.startsAt && state.expiresAt && Date.parse(state.startsAt) >= Date.parse(state.expiresAt)) problems.push({ field: "startsAt", code: "INVALID_SCHEDULE", message: "startsAt must lie before expiresAt." });
  url("seo", state.seoImage, false);
  const parsed = editing ? LinkFormUpdateBody.safeParse(updateBody(state)) : LinkFormCreateBody.safeParse(createBody(state));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const error = issueError(issue);
    problems.push({ field: error.field, code: error.code, message: error.message });
  }

  const seen = new Set<string>();
  return problems
    .map((problem) => fieldError(problem, state))
    .filter((error) => !seen.has(error.field) && seen.add(error.field))
    .sort((a, b) => SECTIONS.indexOf(sectionOf(a.field)) - SECTIONS.indexOf(sectionOf(b.field)) || basicsOrder(a.field) - basicsOrder(b.field));
}
