// CSV as RFC 4180 has it, both ways: the exports' cells (contacts, links) and the link import's
// reader. Spreadsheet formula injection (OWASP "CSV injection"): a cell that starts with = + - @,
// a tab or a carriage return is written with a leading apostrophe, and the reader takes such an
// apostrophe off again, so a file Hop wrote reads back as it was.

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: quoted when it holds a quote, comma or line break; a formula start gets `'`. */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? "";
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record with its CRLF. */
export function csvRow(values: Array<string | null | undefined>): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** A cell as written before its formula protection: `'=SUM(A1)` → `=SUM(A1)`; any other cell as it is. */
export function unprotectCell(text: string): string {
  return text.length > 1 && text[0] === "'" && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

export class CsvError extends Error {
  constructor(
    message: string,
    /** 1 = the header line's record. */
    readonly record: number,
  ) {
    super(message);
  }
}

/** A CSV's separator: the comma, semicolon or tab that splits its first line most often outside quotes (European Excel writes `;`, some exports a tab). */
export function detectDelimiter(text: string): string {
  const counts: Record<string, number> = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "\n" || c === "\r")) break;
    else if (!quoted && c in counts) counts[c] += 1;
  }
  return [",", ";", "\t"].reduce((best, c) => (counts[c] > counts[best] ? c : best), ",");
}

/**
 * The records of a CSV text: fields split on commas (or the `delimiter` given, e.g. detectDelimiter's), quoted fields may hold commas, quotes ("")
 * and line breaks; CRLF or LF ends a record; a leading byte-order mark is dropped; blank lines are
 * skipped. Stops with CsvError at an unclosed quote, or once more than `maxRecords` were read.
 */
export function parseCsv(text: string, maxRecords = Infinity, delimiter = ","): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    record.push(field);
    field = "";
    if (record.length > 1 || record[0] !== "") {
      records.push(record);
      if (records.length > maxRecords) throw new CsvError(`More than ${maxRecords} records.`, records.length);
    }
    record = [];
  };
  for (; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else quoted = false;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === delimiter) {
      record.push(field);
      field = "";
    } else if (c === "\n") endRecord();
    else if (c === "\r") {
      if (text[i + 1] === "\n") i += 1;
      endRecord();
    } else field += c;
  }
  if (quoted) throw new CsvError("A quoted field is not closed.", records.length + 1);
  if (field !== "" || record.length) endRecord();
  return records;
}
