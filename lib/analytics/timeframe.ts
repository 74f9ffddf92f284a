import { z } from "zod";
import { HopError } from "../errors";

export const TIMEFRAMES = ["last_7_days", "last_30_days", "last_90_days", "this_month", "last_month", "all_time"] as const;
export const DEFAULT_TIMEFRAME = "last_30_days";

export type BucketSize = "hour" | "day" | "month";

export interface Range {
  /** Inclusive start, UTC. */
  from: Date;
  /** Exclusive end, UTC. */
  to: Date;
  bucket: BucketSize;
}

const DAY = 86_400_000;
const DateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** Dates before the Unix epoch name no event Hop can hold (and year 0 is no PostgreSQL date). */
export const EARLIEST_DATE = "1970-01-01";
/** A from/to range spans at most five years, counted as 5 × 365 + 2 leap days. */
export const MAX_RANGE_DAYS = 1827;

export const AnalyticsQuery = z
  .object({ timeframe: z.enum(TIMEFRAMES).optional(), from: z.string().optional(), to: z.string().optional() })
  .passthrough();

function startOfDay(t: number): number {
  return t - (t % DAY);
}

function parseDay(value: string, field: "from" | "to"): number {
  const parsed = DateOnly.safeParse(value);
  const time = parsed.success ? Date.parse(`${value}T00:00:00Z`) : NaN;
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) {
    throw new HopError("invalid_request", { field, message: `${field} must be a date written YYYY-MM-DD.` });
  }
  if (value < EARLIEST_DATE) throw new HopError("invalid_request", { field, message: `${field} must not be before ${EARLIEST_DATE}.` });
  return time;
}

/** Bucket size (docs/API.md, "The contract's fixed rules"): ≤ 2 days hourly, ≤ 92 days daily, longer monthly. */
export function bucketFor(from: number, to: number): BucketSize {
  const span = to - from;
  if (span <= 2 * DAY) return "hour";
  if (span <= 92 * DAY) return "day";
  return "month";
}

/** Turns the query into a UTC range. `firstSeen` bounds all_time (the link's creation). */
export function resolveRange(query: z.infer<typeof AnalyticsQuery>, now: number, firstSeen: number): Range {
  if (query.from !== undefined || query.to !== undefined) {
    if (query.from === undefined || query.to === undefined) {
      throw new HopError("invalid_request", { field: query.from === undefined ? "from" : "to", message: "from and to are used together." });
    }
    const from = parseDay(query.from, "from");
    const to = parseDay(query.to, "to") + DAY;
    if (to <= from) throw new HopError("invalid_request", { field: "to", message: "to must not be before from." });
    if (to - from > MAX_RANGE_DAYS * DAY) {
      throw new HopError("invalid_request", { field: "to", message: `from and to span at most ${MAX_RANGE_DAYS} days (five years).` });
    }
    return { from: new Date(from), to: new Date(to), bucket: bucketFor(from, to) };
  }
  const today = startOfDay(now);
  const date = new Date(now);
  const monthStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const end = now + 1;
  let from: number;
  let to = end;
  switch (query.timeframe ?? DEFAULT_TIMEFRAME) {
    case "last_7_days":
      from = today - 6 * DAY;
      break;
    case "last_30_days":
      from = today - 29 * DAY;
      break;
    case "last_90_days":
      from = today - 89 * DAY;
      break;
    case "this_month":
      from = monthStart;
      break;
    case "last_month":
      from = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1);
      to = monthStart;
      break;
    case "all_time":
      from = Math.min(startOfDay(firstSeen), today);
      break;
  }
  return { from: new Date(from), to: new Date(to), bucket: bucketFor(from, to) };
}

/** Bucket id of a time: `YYYY-MM-DDTHH:00`, `YYYY-MM-DD` or `YYYY-MM`. */
export function bucketId(time: Date, bucket: BucketSize): string {
  const iso = time.toISOString();
  if (bucket === "hour") return `${iso.slice(0, 13)}:00`;
  return bucket === "day" ? iso.slice(0, 10) : iso.slice(0, 7);
}

/** Every bucket id of the range, in order, so charts get zero-filled series. */
export function bucketIds(range: Range): string[] {
  const ids: string[] = [];
  const cursor = new Date(range.from);
  while (cursor < range.to) {
    ids.push(bucketId(cursor, range.bucket));
    if (range.bucket === "hour") cursor.setUTCHours(cursor.getUTCHours() + 1);
    else if (range.bucket === "day") cursor.setUTCDate(cursor.getUTCDate() + 1);
    else cursor.setUTCMonth(cursor.getUTCMonth() + 1, 1);
    if (range.bucket !== "hour") cursor.setUTCHours(0, 0, 0, 0);
  }
  return [...new Set(ids)];
}
