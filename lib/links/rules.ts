import { z } from "zod";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { toCountryCode } from "../geo/countries";
import { assertNotBlocked, parseDestination } from "./destination";

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

const RawGeoRule = z
  .object({
    countries: z.array(z.string().min(1).max(100)).max(300).optional(),
    presetId: z.string().min(1).max(100).optional(),
    cities: z.array(z.string().trim().min(1).max(100)).max(100).optional(),
    redirectUrl: z.unknown().optional(),
  })
  .passthrough();
const RawLanguageRule = z.object({ languages: z.array(z.string()).min(1).max(50), redirectUrl: z.unknown().optional() }).passthrough();
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

function invalid(field: string, message: string): HopError {
  return new HopError("invalid_request", { field, message: `${field}: ${message}` });
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
    const parsed = RawGeoRule.safeParse(raw);
    if (!parsed.success) throw invalid(field, parsed.error.issues[0].message);
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
    const parsed = RawLanguageRule.safeParse(raw);
    if (!parsed.success) throw invalid(field, "needs languages (a non-empty array of language tags) and redirectUrl");
    const languages = parsed.data.languages.map((tag) => tag.trim());
    const bad = languages.find((tag) => !LANGUAGE_TAG.test(tag));
    if (bad !== undefined) throw invalid(`${field}.languages`, `'${bad}' is not a language tag`);
    const redirectUrl = parseDestination(parsed.data.redirectUrl, `${field}.redirectUrl`);
    if (onPrimary) assertNotBlocked(redirectUrl, `${field}.redirectUrl`);
    return { languages, redirectUrl };
  });
}
