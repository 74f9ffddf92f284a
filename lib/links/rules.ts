import type { Db } from "../db/open";
import { HopError } from "../errors";
import { toCountryCode } from "../geo/countries";
import { assertNotBlocked, parseDestination } from "./destination";
import { GeoRuleInput, LanguageRuleInput } from "./schemas";

export interface GeoRule {
  countries: string[];
  presetId?: string;
  cities?: string[];
  redirectUrl: string;
}

export interface LanguageRule {
  languages: string[];
  redirectUrl: string;
}

const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

function invalid(field: string, message: string): HopError {
  return new HopError("invalid_request", { field, message: `${field}: ${message}` });
}

/** A rule its schema refused: a bad redirectUrl answers INVALID_DESTINATION_URL, anything else invalid_request. */
function ruleError(raw: unknown, field: string, issue: { path: PropertyKey[] }, message: string): HopError {
  if (issue.path[0] === "redirectUrl") {
    try {
      parseDestination((raw as { redirectUrl?: unknown }).redirectUrl, `${field}.redirectUrl`);
    } catch (error) {
      return error as HopError;
    }
  }
  return invalid(field, message);
}

/**
 * Validates geoRules: countries as codes or names (stored as codes), a presetId's countries copied
 * in at save time, cities kept as given, redirectUrl absolute http(s) (and not blocked on the
 * primary domain). `path` names the rules in errors (a page's are `data.settings.geoRules`).
 */
export async function normalizeGeoRules(db: Db, ownerId: string, value: unknown, onPrimary: boolean, path = "geoRules"): Promise<GeoRule[]> {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid(path, "must be an array");
  if (value.length > 50) throw invalid(path, "at most 50 rules");
  const rules: GeoRule[] = [];
  for (const [index, raw] of value.entries()) {
    const field = `${path}[${index}]`;
    const parsed = GeoRuleInput.safeParse(raw);
    if (!parsed.success) throw ruleError(raw, field, parsed.error.issues[0], parsed.error.issues[0].message);
    const rule = parsed.data;
    const redirectUrl = parseDestination(rule.redirectUrl, `${field}.redirectUrl`);
    if (onPrimary) assertNotBlocked(redirectUrl, `${field}.redirectUrl`);
    const countries = new Set<string>();
    for (const name of rule.countries ?? []) {
      const code = toCountryCode(name);
      if (!code) throw invalid(`${field}.countries`, `unknown country '${name}'`);
      countries.add(code);
    }
    if (rule.presetId !== undefined) {
      const preset = await db.geoPreset.findFirst({ where: { id: rule.presetId, accountId: ownerId }, select: { countries: true } });
      if (!preset) throw invalid(`${field}.presetId`, `no geo preset '${rule.presetId}'`);
      for (const code of preset.countries) countries.add(code);
    }
    const cities = rule.cities ?? [];
    if (countries.size === 0 && cities.length === 0) throw invalid(field, "needs countries, a presetId or cities");
    rules.push({
      countries: [...countries],
      ...(rule.presetId !== undefined ? { presetId: rule.presetId } : {}),
      ...(cities.length ? { cities } : {}),
      redirectUrl,
    });
  }
  return rules;
}

export function normalizeLanguageRules(value: unknown, onPrimary: boolean): LanguageRule[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid("languageRules", "must be an array");
  if (value.length > 50) throw invalid("languageRules", "at most 50 rules");
  return value.map((raw, index) => {
    const field = `languageRules[${index}]`;
    const parsed = LanguageRuleInput.safeParse(raw);
    if (!parsed.success) throw ruleError(raw, field, parsed.error.issues[0], "needs languages (a non-empty array of language tags) and redirectUrl");
    const languages = parsed.data.languages.map((tag) => tag.trim());
    const bad = languages.find((tag) => !LANGUAGE_TAG.test(tag));
    if (bad !== undefined) throw invalid(`${field}.languages`, `'${bad}' is not a language tag`);
    const redirectUrl = parseDestination(parsed.data.redirectUrl, `${field}.redirectUrl`);
    if (onPrimary) assertNotBlocked(redirectUrl, `${field}.redirectUrl`);
    return { languages, redirectUrl };
  });
}
