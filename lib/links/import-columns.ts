// Which column of an imported CSV holds what (POST /v1/links/import, the dashboard's import
// preview): header names compared case-insensitively, Hop's own export names first, then Bitly's
// and Dub's. Client-safe: the dashboard shows the same mapping before anything is sent.

export const ImportColumns = {
  url: ["url", "destination", "long_url", "original_url"],
  slug: ["slug", "key", "custom_slug"],
  shortUrl: ["shorturl", "short_url", "link"],
  domain: ["domain"],
  title: ["title"],
  description: ["description"],
  tags: ["tags"],
  groupId: ["groupid"],
  expiresAt: ["expiresat"],
  expiredUrl: ["expiredurl"],
  ios: ["ios"],
  android: ["android"],
} as const;

export type ImportField = keyof typeof ImportColumns;
export const IMPORT_FIELDS = Object.keys(ImportColumns) as ImportField[];

/** Field → the index of its column; fields without a column are absent. */
export type ColumnMap = Partial<Record<ImportField, number>>;

/** The first column named for each field (unknown columns ignored). */
export function mapColumns(header: string[]): ColumnMap {
  const names = header.map((name) => name.trim().replace(/^\uFEFF/, "").toLowerCase());
  const map: ColumnMap = {};
  for (const field of IMPORT_FIELDS) {
    for (const alias of ImportColumns[field]) {
      const index = names.indexOf(alias);
      if (index !== -1) {
        map[field] = index;
        break;
      }
    }
  }
  return map;
}
