/** A unique constraint refused the write (Prisma P2002, or the driver's 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; meta?: { driverAdapterError?: { cause?: { originalCode?: string; kind?: string } } }; message?: string };
  if (e?.code === "P2002") return true;
  const cause = e?.meta?.driverAdapterError?.cause;
  return cause?.originalCode === "23505" || cause?.kind === "UniqueConstraintViolation" || /Unique constraint failed/i.test(e?.message ?? "");
}
