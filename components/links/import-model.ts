// The import wizard's work in the browser: read the file, show what each column will be, and send
// the rows in slices (so the progress bar moves) with a header the server reads as mapped.
import { IMPORT_FIELDS, mapColumns, type ColumnMap, type ImportField } from "@/lib/links/import-columns";
import { csvRow, detectDelimiter, parseCsv } from "@/lib/text/csv";
import { humanMessage } from "@/lib/dashboard/human-messages";

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;
/** Rows per request of the real import: the progress bar's step. */
export const SLICE_ROWS = 500;

export const FIELD_LABELS: Record<ImportField, string> = {
  url: "Destination URL",
  slug: "Slug",
  shortUrl: "Short URL (domain and slug)",
  domain: "Domain",
  title: "Title",
  description: "Description",
  tags: "Tags",
  groupId: "Group id",
  createdAt: "Created at",
  expiresAt: "Expires at",
  expiredUrl: "Expired URL",
  ios: "iOS URL",
  android: "Android URL",
  startsAt: "Starts at",
  maxClicks: "Visit limit",
};

export interface ImportFile {
  name: string;
  header: string[];
  rows: string[][];
}

export interface ImportFailure {
  row: number;
  slug?: string;
  error: string;
  code?: string;
  suggestion?: string;
}

/** The file's header and rows, or a sentence saying why it cannot be imported. */
export function readImportFile(name: string, text: string): ImportFile | string {
  let records: string[][];
  try {
    records = parseCsv(text, IMPORT_MAX_ROWS + 1, detectDelimiter(text));
  } catch (error) {
    return /More than/.test(String((error as Error).message)) ? `${name} has more than ${IMPORT_MAX_ROWS.toLocaleString("en")} rows; split it into smaller files.` : `${name} is not a CSV file this import can read (${(error as Error).message.toLowerCase()}).`;
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) return `${name} has no rows under its header.`;
  return { name, header, rows };
}

export function detectedColumns(header: string[]): ColumnMap {
  return mapColumns(header);
}

/** The rows with a header of Hop's names for the mapped columns (others renamed so they are ignored). */
export function mappedCsv(header: string[], rows: string[][], columns: ColumnMap): string {
  const names = header.map((_, index) => `unused_${index + 1}`);
  for (const field of IMPORT_FIELDS) {
    const index = columns[field];
    if (index !== undefined) names[index] = field;
  }
  return csvRow(names) + rows.map((row) => csvRow(row)).join("");
}

/** A failed row's reason in the dashboard's words (a taken or repeated address, a reserved slug with its suggestion, as the API says it). */
export function describeFailure(failure: ImportFailure): string {
  if (!failure.code || failure.code === "slug_already_exists" || failure.suggestion) return failure.error;
  return humanMessage({ code: failure.code, message: failure.error }, { slug: failure.slug, label: "The URL" });
}

/** The original header and each failed row, with its reason in a last column. */
export function failedRowsCsv(file: ImportFile, failures: ImportFailure[]): string {
  return csvRow([...file.header, "error"]) + failures.map((failure) => csvRow([...(file.rows[failure.row - 1] ?? []), describeFailure(failure)])).join("");
}
