// A database made once per test run, already migrated, that every test server copies instead of
// running initdb and every migration again (PGlite's initdb alone is most of a server's start).
// scripts/test.mjs prepares it and names it in the environment; a test file run on its own, with
// no template named, makes its databases from scratch as before.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export const PGLITE_TEMPLATE_ENV = "HOP_TEST_PGLITE_TEMPLATE";
export const PG_TEMPLATE_ENV = "HOP_TEST_PG_TEMPLATE";

/** Fills a fresh DATA_DIR with the migrated template's database, when the run made one. */
export function seedDataDir(dataDir: string): void {
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (template) cpSync(template, path.join(dataDir, "pglite"), { recursive: true });
}

/** `CREATE DATABASE name`, from the run's migrated template when it made one. */
export function createDatabaseSql(name: string): string {
  const template = process.env[PG_TEMPLATE_ENV];
  return template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`;
}

async function migrate(run: { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }>; exec: (sql: string) => Promise<unknown> }, lock: boolean) {
  const { applyMigrations } = await import("../../lib/db/migrate");
  await applyMigrations(
    { query: async (sql, params) => (await run.query(sql, params)).rows as Record<string, unknown>[], exec: async (sql) => void (await run.exec(sql)) },
    { lock },
  );
}

/** Makes the run's template; returns the environment that names it (removeTemplate takes it). */
export async function prepareTemplate(): Promise<{ env: Record<string, string> }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const { PGlite } = await import("@electric-sql/pglite");
    const dir = mkdtempSync(path.join(tmpdir(), "hop-template-"));
    const pglite = new PGlite(path.join(dir, "pglite"));
    await pglite.waitReady;
    await migrate({ query: (sql, params) => pglite.query(sql, params), exec: (sql) => pglite.exec(sql) }, false);
    await pglite.close();
    return { env: { [PGLITE_TEMPLATE_ENV]: path.join(dir, "pglite") } };
  }
  const name = `hop_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await migrate({ query: (sql, params) => client.query(sql, params as unknown[]), exec: (sql) => client.query(sql) }, true);
  await client.end();
  return { env: { [PG_TEMPLATE_ENV]: name } };
}

/** Removes a template named in `env` (what prepareTemplate returned). */
export async function removeTemplate(env: Record<string, string>): Promise<void> {
  if (env[PGLITE_TEMPLATE_ENV]) rmSync(path.dirname(env[PGLITE_TEMPLATE_ENV]), { recursive: true, force: true });
  if (env[PG_TEMPLATE_ENV] && process.env.DATABASE_URL) {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${env[PG_TEMPLATE_ENV]} WITH (FORCE)`).catch(() => undefined);
    await c.end();
  }
}

// scripts/test.mjs: `node --import tsx scripts/harness/db-template.ts prepare|remove '<env json>'`
if (process.argv[1] === import.meta.filename) {
  process.env.HOP_LOG ??= "silent";
  if (process.argv[2] === "prepare") process.stdout.write(JSON.stringify((await prepareTemplate()).env));
  else if (process.argv[2] === "remove") await removeTemplate(JSON.parse(process.argv[3] ?? "{}"));
}
