/** One statement's rows (a driver's query, or Prisma's $queryRawUnsafe). */
export type RowsOf = (sql: string) => Promise<Array<Record<string, unknown>>>;

// What a backup holds and a restore brought back, by table: the operator's check at a glance, and
// the test's. One statement, run in the same snapshot the copy is made from, so the numbers are
// exactly the copy's even while visits keep being written.
const COUNTS = `SELECT
  (SELECT count(*) FROM "Account") AS accounts,
  (SELECT count(*) FROM "ApiKey") AS "apiKeys",
  (SELECT count(*) FROM "Link") AS links,
  (SELECT count(*) FROM "Link" WHERE type = 'website') AS pages,
  (SELECT count(*) FROM "Draft") AS drafts,
  (SELECT count(*) FROM "Domain") AS domains,
  (SELECT count(*) FROM "Image") AS images,
  (SELECT COALESCE(sum(visits), 0) FROM "VisitEvent") AS visits,
  (SELECT count(*) FROM "ClickEvent") AS clicks,
  (SELECT count(*) FROM "Webhook") AS webhooks,
  (SELECT max(migration_name) FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL) AS migration`;

export interface Contents {
  counts: Record<string, number>;
  /** The newest migration applied. */
  migration: string | null;
}

export async function contentsOf(rows: RowsOf): Promise<Contents> {
  const [row] = await rows(COUNTS);
  const { migration, ...counts } = row;
  return { counts: Object.fromEntries(Object.entries(counts).map(([name, n]) => [name, Number(n)])), migration: migration === null ? null : String(migration) };
}
