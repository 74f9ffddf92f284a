import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// Prisma 7's migrate engine is a native binary that cannot be installed everywhere, so the app
// applies prisma/migrations itself and records each one in `_prisma_migrations` exactly as
// `prisma migrate deploy` does (same table, sha256 checksum, advisory lock id), so either tool can
// take over a database the other started.
export interface SqlRunner {
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  exec(sql: string): Promise<void>;
}

const PRISMA_ADVISORY_LOCK = 72707369;

const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function migrationsDir(): string {
  const candidates = [path.join(process.cwd(), "prisma", "migrations")];
  if (process.env.HOP_ROOT) candidates.unshift(path.join(process.env.HOP_ROOT, "prisma", "migrations"));
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new Error(`prisma/migrations not found (looked in ${candidates.join(", ")})`);
  return found;
}

export function readMigrations(dir = migrationsDir()): MigrationFile[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export async function applyMigrations(runner: SqlRunner, options: { lock: boolean }): Promise<string[]> {
  const applied: string[] = [];
  if (options.lock) await runner.query(`SELECT pg_advisory_lock(${PRISMA_ADVISORY_LOCK})`);
  try {
    await runner.exec(CREATE_MIGRATIONS_TABLE);
    const rows = await runner.query(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const done = new Map(rows.map((row) => [String(row.migration_name), String(row.checksum)]));
    for (const migration of readMigrations()) {
      const previous = done.get(migration.name);
      if (previous) {
        if (previous !== migration.checksum) {
          throw new Error(`migration ${migration.name} was changed after it was applied (checksum differs)`);
        }
        continue;
      }
      const id = randomUUID();
      await runner.exec("BEGIN");
      try {
        await runner.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
          [id, migration.checksum, migration.name],
        );
        await runner.exec(migration.sql);
        await runner.query(
          `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
          [id],
        );
        await runner.exec("COMMIT");
      } catch (error) {
        await runner.exec("ROLLBACK");
        throw error;
      }
      applied.push(migration.name);
    }
  } finally {
    if (options.lock) await runner.query(`SELECT pg_advisory_unlock(${PRISMA_ADVISORY_LOCK})`);
  }
  return applied;
}
