// Which column of an imported CSV holds what (POST /v1/links/import, the dashboard's import
// preview): header names compared without case, spaces, underscores or hyphens ("Short link",
// short_link and shortLink are one name), Hop's own export names first, then those of Bitly,
// Dub, Short.io and Rebrandly exports. Client-safe: the dashboard shows the same mapping before
// anything is sent.

export const ImportColumns = {
  // Bitly long_url; Dub "Destination URL"; Short.io originalURL / "Original URL"; Rebrandly destination.
  url: ["url", "destination", "destinationurl", "longurl", "originalurl", "targeturl"],
  // Dub key; Short.io path; Rebrandly slashtag.
  slug: ["slug", "key", "customslug", "backhalf", "path", "slashtag"],
  // Bitly link; Dub "Short link"; Short.io shortURL / "Short URL"; Rebrandly shortUrl.
  shortUrl: ["shorturl", "shortlink", "link", "bitlink"],
  domain: ["domain", "domainname"],
  title: ["title"],
  description: ["description"],
  tags: ["tags"],
  groupId: ["groupid"],
  // Bitly created_at; Dub "Created at"; Short.io createdAt; Rebrandly createdAt / "Created".
  createdAt: ["createdat", "created", "datecreated", "creationdate"],
  expiresAt: ["expiresat"],
  expiredUrl: ["expiredurl"],
  ios: ["ios"],
  android: ["android"],
  startsAt: ["startsat"],
  maxClicks: ["maxclicks"],
} as const;

export type ImportField = keyof typeof ImportColumns;
export const IMPORT_FIELDS = Object.keys(ImportColumns) as ImportField[];

/** Field → the index of its column; fields without a column are absent. */
export type ColumnMap = Partial<Record<ImportField, number>>;

/** A header name as the aliases above spell it: `Short link` → `shortlink`. */
export function columnKey(name: string): string {
  return name.replace(/^\uFEFF/, "").toLowerCase().replace(/[\s_\-.]+/g, "");
}

/** The first column named for each field (unknown columns ignored). */
export function mapColumns(header: string[]): ColumnMap {
  const names = header.map(columnKey);
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
