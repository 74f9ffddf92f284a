import { HopError } from "../errors";

// A creation date as exports write it: ISO 8601 (Dub, Short.io, Rebrandly: `2024-03-01T09:30:00.000Z`),
// Bitly's `2024-03-01 09:30:00` or `2024-03-01T09:30:00+0000`, a date alone, or a European
// spreadsheet's `01.03.2024 09:30`. A time without an offset is taken as UTC. Client-safe.

const ISO_LIKE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|UTC|[+-]\d{2}:?\d{2})?$/i;
const DOTTED = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

function utc(year: string, month: string, day: string, hour = "0", minute = "0", second = "0", offset?: string): Date | null {
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number);
  let time = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(time);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  if (offset && !/^(z|utc)$/i.test(offset)) {
    const [, sign, oh, om] = /^([+-])(\d{2}):?(\d{2})$/.exec(offset)!;
    time -= (sign === "-" ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000;
  }
  return new Date(time);
}

/** The instant a cell names, or a 400 saying what a creation date looks like; a future date is refused. */
export function parseImportDate(text: string, now = Date.now()): Date {
  const value = text.trim();
  const iso = ISO_LIKE.exec(value);
  const dotted = iso ? null : DOTTED.exec(value);
  const date = iso ? utc(iso[1], iso[2], iso[3], iso[4], iso[5], iso[6], iso[7]) : dotted ? utc(dotted[3], dotted[2], dotted[1], dotted[4], dotted[5], dotted[6]) : null;
  if (!date) throw new HopError("invalid_request", { field: "createdAt", message: `createdAt "${value.slice(0, 40)}" is not a date Hop reads (like 2024-03-01 or 2024-03-01T09:30:00Z).` });
  if (date.getTime() > now + 60_000) throw new HopError("invalid_request", { field: "createdAt", message: `createdAt ${date.toISOString()} lies in the future.` });
  return date;
}
