import pg from "pg";

/** One number a query answers (its `n` column) on a database of a test's own, over a new connection. */
export async function scalar(url: string, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(sql)).rows[0].n);
  } finally {
    await client.end();
  }
}
