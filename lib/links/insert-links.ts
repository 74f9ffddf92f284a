import { Prisma } from "../generated/prisma/client";
import type { Db } from "../db/open";

// Many new links in one statement, for the import. Prisma's createManyAndReturn costs ~90 ms of
// the thread for 10 rows (its query compiler; docs/benchmarks.md, the import's interference row),
// where this statement costs ~2 ms: the rows travel as one JSON parameter, PostgreSQL turns them
// into "Link" rows (jsonb_populate_recordset), and a taken address or id is skipped as
// skipDuplicates would. Columns no row names keep their defaults; a column some rows name is NULL
// in the others, so callers give every row the same required columns (createdAt included).

type Tx = Pick<Db, "$queryRawUnsafe" | "link">;
type LinkRow = Prisma.LinkUncheckedCreateInput & { id: string; createdAt: Date };

const QUOTED = /^[A-Za-z][A-Za-z0-9]*$/;

/**
 * Fields whose column has another name (`@map` in prisma/schema.prisma): the statement names
 * columns, so each row renames them (one spread per row, as before the rename: a generic rename
 * of every key cost ~5 µs a row on the visitors' thread).
 */
export const LINK_COLUMN_OF_FIELD = { clientLabel: "linkType" } as const;

/** Prisma's way of saying "NULL" to a JSON column (`variants`) is an object of its own: here it is SQL NULL. */
const sqlNulls = (_key: string, value: unknown) => (value === Prisma.DbNull || value === Prisma.JsonNull ? null : value);

/** Inserts the rows that fit (address and ids free), and answers them as stored, in the rows' order. */
export async function insertLinks(tx: Tx, rows: LinkRow[], now = new Date()) {
  if (!rows.length) return [];
  const withClock = rows.map(({ clientLabel, ...row }) => ({ ...row, [LINK_COLUMN_OF_FIELD.clientLabel]: clientLabel ?? null, updatedAt: now, healthDueAt: now }));
  const columns = [...new Set(withClock.flatMap((row) => Object.keys(row)))];
  // Column names come from our own row objects; checked anyway, since they are written into the SQL.
  for (const column of columns) if (!QUOTED.test(column)) throw new Error(`not a column name: ${column}`);
  const list = columns.map((column) => `"${column}"`).join(", ");
  const inserted = await tx.$queryRawUnsafe<Array<{ id: string }>>(
    `INSERT INTO "Link" (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::"Link", $1::jsonb) ON CONFLICT DO NOTHING RETURNING id`,
    JSON.stringify(withClock, sqlNulls),
  );
  if (!inserted.length) return [];
  const made = await tx.link.findMany({ where: { id: { in: inserted.map((row) => row.id) } } });
  const order = new Map(rows.map((row, index) => [row.id, index]));
  return made.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}
