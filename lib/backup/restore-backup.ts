import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { config } from "../config";
import { closeDb, db, dbMode, loadEmbeddedDataDir } from "../db/open";
import { HopError } from "../errors";
import { unpackBackup } from "./archive";
import { contentsOf } from "./count-rows";
import { libpqUrl, runPgTool } from "./postgres-tools";

export interface RestoreResult {
  restored: string;
  mode: "embedded" | "postgres";
  createdAt: string;
  /** The backup's newest migration, and the database's after the restore (newer code migrates). */
  migration: { backup: string | null; now: string | null };
  counts: Record<string, number>;
}

function embeddedHoldsData(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

async function postgresTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`)).rows[0].n);
  } finally {
    await client.end();
  }
}

async function emptyPublicSchema(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
  } finally {
    await client.end();
  }
}

/**
 * Brings a backup back into this configuration's empty DATA_DIR (embedded) or empty database
 * (DATABASE_URL), with the session secret it held; `force` replaces what is there. No server may
 * be running on it (the CLI checks for one on this DATA_DIR). Ends with the database opened as the
 * server opens it — newer migrations applied — and its rows counted.
 */
export async function restoreBackup(file: string, options: { force?: boolean } = {}): Promise<RestoreResult> {
  const source = path.resolve(file);
  const backup = await unpackBackup(source);
  try {
    const { manifest } = backup;
    const mode = dbMode();
    if (manifest.mode !== mode) {
      const wanted = manifest.mode === "embedded" ? "without DATABASE_URL (the embedded database)" : "with DATABASE_URL set to an empty PostgreSQL database";
      throw new HopError("invalid_request", { message: `This backup is of a${manifest.mode === "embedded" ? "n embedded" : " PostgreSQL"} database; restore it ${wanted}.` });
    }
    const dataDir = config().dataDir;
    if (mode === "embedded") {
      const dir = path.join(dataDir, "pglite");
      if (embeddedHoldsData(dir)) {
        if (!options.force) throw new HopError("invalid_request", { message: `${dir} already holds a database; give --force to replace it.` });
        rmSync(dir, { recursive: true, force: true });
      }
      const tarball = new Blob([readFileSync(backup.part("database.tar.gz"))]);
      await loadEmbeddedDataDir(dir, tarball);
    } else {
      const url = libpqUrl(config().databaseUrl!);
      if ((await postgresTables(url)) > 0) {
        if (!options.force) throw new HopError("invalid_request", { message: "The database already has tables; give --force to replace them (its public schema is dropped first)." });
        await emptyPublicSchema(url);
      }
      await runPgTool("pg_restore", url, ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", backup.part("database.pgdump")]);
    }
    if (manifest.parts["auth-secret"]) {
      mkdirSync(dataDir, { recursive: true });
      const secret = path.join(dataDir, "auth-secret");
      rmSync(secret, { force: true });
      copyFileSync(backup.part("auth-secret"), secret);
      chmodSync(secret, 0o600);
    }
    // Opened as a server opens it: migrations newer than the backup are applied now.
    const opened = await db();
    const now = await contentsOf((sql) => opened.$queryRawUnsafe(sql));
    const result: RestoreResult = { restored: source, mode, createdAt: manifest.createdAt, migration: { backup: manifest.migration, now: now.migration }, counts: now.counts };
    await closeDb();
    return result;
  } finally {
    backup.remove();
  }
}
