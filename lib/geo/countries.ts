// Country names and ISO 3166-1 alpha-2 codes from the runtime's own CLDR data (Intl.DisplayNames),
// so no table has to be maintained; a few common aliases are added.
const NOT_COUNTRIES = new Set(["EU", "EZ", "UN", "ZZ", "QO", "XA", "XB"]);

/** Deprecated or alias codes (UK, SU, YU …) become today's code (GB, RU, RS …). */
function canonical(code: string): string {
  return Intl.getCanonicalLocales(`und-${code}`)[0].split("-")[1] ?? code;
}

const ALIASES: Record<string, string> = {
  usa: "US",
  "united states of america": "US",
  america: "US",
  uk: "GB",
  "great britain": "GB",
  britain: "GB",
  england: "GB",
  "czech republic": "CZ",
  "ivory coast": "CI",
  holland: "NL",
  "the netherlands": "NL",
  "south korea": "KR",
  korea: "KR",
  "north korea": "KP",
  russia: "RU",
  "russian federation": "RU",
  vietnam: "VN",
  uae: "AE",
};

function buildTables(): { codes: Set<string>; byName: Map<string, string> } {
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  const codes = new Set<string>();
  const byName = new Map<string, string>(Object.entries(ALIASES));
  for (let a = 65; a <= 90; a += 1) {
    for (let b = 65; b <= 90; b += 1) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code) || canonical(code) !== code) continue;
      const name = names.of(code);
      if (!name || name === code || name === "Unknown Region") continue;
      codes.add(code);
      byName.set(name.toLowerCase(), code);
    }
  }
  return { codes, byName };
}

const tables = buildTables();

/** "us", "US", "United States" → "US"; null when it names no country. */
export function toCountryCode(input: string): string | null {
  const value = input.trim();
  if (/^[A-Za-z]{2}$/.test(value)) {
    const code = canonical(value.toUpperCase());
    return tables.codes.has(code) ? code : null;
  }
  return tables.byName.get(value.toLowerCase().replace(/\s+/g, " ")) ?? null;
}

/** Every known country as { code, name }, sorted by English name (the dashboard's country picker). */
export function countryList(): Array<{ code: string; name: string }> {
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  return [...tables.codes].map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name));
}
