import type { Prisma } from "../generated/prisma/client";
import type { ClickRow, VisitRow } from "./rollups";

// Batches go in as one INSERT … SELECT FROM unnest(arrays): ten parameters for any number of
// rows. Measured on PGlite for 2,000 visits: createMany 500 ms, a VALUES list 80 ms, unnest 40 ms —
// the difference between the event writer stalling the visitor path and not.

type Tx = { $executeRawUnsafe: (sql: string, ...values: unknown[]) => Prisma.PrismaPromise<number> };

/** UTC wall time as `timestamp(3)` text, independent of the server's time zone. */
function utc(date: Date): string {
  return date.toISOString().replace("T", " ").replace("Z", "");
}

export async function insertVisits(tx: Tx, rows: VisitRow[]): Promise<void> {
  if (rows.length === 0) return;
  const col = <K extends keyof VisitRow>(key: K) => rows.map((r) => r[key]);
  await tx.$executeRawUnsafe(
    `INSERT INTO "VisitEvent" ("linkId", "accountId", "occurredAt", "country", "city", "device", "platform", "browser", "referrer", "redirected")
     SELECT * FROM unnest($1::text[], $2::text[], $3::timestamp(3)[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::boolean[])`,
    col("linkId"), col("accountId"), rows.map((r) => utc(r.occurredAt)), col("country"), col("city"), col("device"), col("platform"), col("browser"), col("referrer"), col("redirected"),
  );
}

export async function insertClicks(tx: Tx, rows: ClickRow[]): Promise<void> {
  if (rows.length === 0) return;
  const col = <K extends keyof ClickRow>(key: K) => rows.map((r) => r[key]);
  await tx.$executeRawUnsafe(
    `INSERT INTO "ClickEvent" ("linkId", "accountId", "occurredAt", "buttonId", "buttonTitle", "buttonUrl", "buttonType", "country", "device", "platform", "referrer")
     SELECT * FROM unnest($1::text[], $2::text[], $3::timestamp(3)[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])`,
    col("linkId"), col("accountId"), rows.map((r) => utc(r.occurredAt)), col("buttonId"), col("buttonTitle"), col("buttonUrl"), col("buttonType"), col("country"), col("device"), col("platform"), col("referrer"),
  );
}
