// Service-layer tests open the app's own database code in the test process: a fresh PGlite
// DATA_DIR, or a fresh PostgreSQL database made from DATABASE_URL. Call before anything reads
// config() (each test file is its own process).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createDatabaseSql, seedDataDir } from "../../scripts/harness/db-template";

export async function openTestDb() {
  process.env.HOP_LOG ??= "silent";
  const cleanups: Array<() => Promise<void> | void> = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), "hop-svc-"));
  process.env.DATA_DIR = dataDir;
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (!process.env.DATABASE_URL) seedDataDir(dataDir);
  if (process.env.DATABASE_URL) {
    const base = process.env.DATABASE_URL;
    const name = `hop_t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(createDatabaseSql(name));
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    process.env.DATABASE_URL = url.toString();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });
  }
  delete process.env.REDIS_URL;
  const { db, closeDb } = await import("../../lib/db/open");
  const client = await db();
  return {
    db: client,
    close: async () => {
      await closeDb();
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}

/**
 * Runs SQL straight on a stopped server's database (stop it with keepData, then start again with
 * `reuse`): for rows the API would never write, such as ones stored before a validation existed.
 */
export async function sqlOnStoppedServer(env: Record<string, string>, statements: Array<[string, unknown[]]>): Promise<void> {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      for (const [sql, params] of statements) await client.query(sql, params);
    } finally {
      await client.end();
    }
    return;
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = new PGlite(path.join(env.DATA_DIR, "pglite"));
  try {
    for (const [sql, params] of statements) await pglite.query(sql, params);
  } finally {
    await pglite.close();
  }
}
