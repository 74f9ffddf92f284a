import { HopError, type ErrorCode } from "../errors";

/** A unique constraint refused the write (Prisma P2002, or the driver's 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; meta?: { driverAdapterError?: { cause?: { originalCode?: string; kind?: string } } }; message?: string };
  if (e?.code === "P2002") return true;
  const cause = e?.meta?.driverAdapterError?.cause;
  return cause?.originalCode === "23505" || cause?.kind === "UniqueConstraintViolation" || /Unique constraint failed/i.test(e?.message ?? "");
}

/** A write named a row that is gone (Prisma P2025): deleted between a request's lookup and its write. */
export function isRecordGone(error: unknown): boolean {
  return (error as { code?: string })?.code === "P2025";
}

const GONE_CODES: Record<string, ErrorCode> = { Link: "link_not_found", Group: "group_not_found", GeoPreset: "geo_preset_not_found", Domain: "domain_not_found" };

/** Database failures that are a client's race rather than ours, as the error the client gets. */
export function clientErrorOf(error: unknown): HopError | null {
  if (!isRecordGone(error)) return null;
  const model = (error as { meta?: { modelName?: string } }).meta?.modelName ?? "";
  return new HopError(GONE_CODES[model] ?? "not_found", { message: "The item was deleted while this request ran." });
}
