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

/**
 * A migration that failed: nothing was applied (every pending migration runs in one transaction),
 * so the database is exactly as it was before the start, and the start ends with this message.
 */
export class MigrationFailed extends Error {
  constructor(
    readonly migration: string,
    readonly cause: unknown,
    readonly applied: number,
    readonly pending: number,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `migration ${migration} failed: ${reason}. Nothing was changed: the database is as it was ` +
        `(${applied} migration${applied === 1 ? "" : "s"} applied, ${pending} pending). ` +
        `Fix the cause (or restore a backup, docs/operations.md) and start again.`,
    );
    this.name = "MigrationFailed";
  }
}

export interface ApplyOptions {
  lock: boolean;
  /** The migrations to bring the database to (all of prisma/migrations by default). */
  migrations?: MigrationFile[];
}

/**
 * Applies every pending migration in one transaction, each recorded in `_prisma_migrations` as
 * `prisma migrate deploy` does: either all of them are applied or, when one fails, none is and the
 * data is untouched (PostgreSQL's DDL is transactional). Returns the names applied.
 */
export async function applyMigrations(runner: SqlRunner, options: ApplyOptions): Promise<string[]> {
  if (options.lock) await runner.query(`SELECT pg_advisory_lock(${PRISMA_ADVISORY_LOCK})`);
  try {
    await runner.exec(CREATE_MIGRATIONS_TABLE);
    const rows = await runner.query(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const done = new Map(rows.map((row) => [String(row.migration_name), String(row.checksum)]));
    const all = options.migrations ?? readMigrations();
    for (const migration of all) {
      const previous = done.get(migration.name);
      if (previous && previous !== migration.checksum) {
        throw new Error(`migration ${migration.name} was changed after it was applied (checksum differs); the database was not touched`);
      }
    }
    const pending = all.filter((migration) => !done.has(migration.name));
    if (pending.length === 0) return [];
    await runner.exec("BEGIN");
    let current = pending[0];
    try {
      for (const migration of pending) {
        current = migration;
        const id = randomUUID();
        await runner.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
          [id, migration.checksum, migration.name],
        );
        await runner.exec(migration.sql);
        await runner.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [id]);
      }
      await runner.exec("COMMIT");
    } catch (error) {
      await runner.exec("ROLLBACK");
      throw new MigrationFailed(current.name, error, done.size, pending.length);
    }
    return pending.map((migration) => migration.name);
  } finally {
    if (options.lock) await runner.query(`SELECT pg_advisory_unlock(${PRISMA_ADVISORY_LOCK})`);
  }
}
