import { chmodSync, copyFileSync, createReadStream, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import pg from "pg";
import * as tar from "tar";
import { config } from "../config";
import { closeDb, db, dbMode } from "../db/open";
import { HopError } from "../errors";
import { tightenDataDir } from "../server/private-files";
import { unpackBackup } from "./archive";
import { assertRoom } from "./room";
import { contentsOf } from "./count-rows";
import { libpqUrl, runPgTool } from "./postgres-tools";
import { instancesConnected } from "../db/instance-lock";

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
export async function restoreBackup(file: string, options: { force?: boolean; whileRunning?: boolean } = {}): Promise<RestoreResult> {
  const source = path.resolve(file);
  if (existsSync(source)) assertRoom(tmpdir(), statSync(source).size, "unpacking the backup");
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
      // The files as they were, streamed through zlib on libuv's pool (older backups, PGlite's own
      // tarballs, name them from "/", which extraction strips). A backup without the unpacked size
      // is given four times its packed size.
      const packed = backup.part("database.tar.gz");
      mkdirSync(dir, { recursive: true });
      assertRoom(dir, manifest.databaseBytes ?? 4 * statSync(packed).size, "the restored database");
      await pipeline(createReadStream(packed), createGunzip(), tar.x({ cwd: dir }));
    } else {
      const url = libpqUrl(config().databaseUrl!);
      // The CLI's own check sees a server on this DATA_DIR only; an instance on another host shows here.
      const connected = await instancesConnected(url);
      if (connected > 0 && !options.whileRunning) {
        throw new HopError("invalid_request", { message: `${connected === 1 ? "A Hop instance is" : `${connected} Hop instances are`} connected to this database: stop every instance first (or give --while-running to restore under them anyway).` });
      }
      if (connected > 0) process.stderr.write(`Warning: restoring while ${connected} Hop instance(s) are connected to this database (--while-running): restart them once it ends, or they keep stale caches and may write into the restored data.\n`);
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
    // PGlite writes the archive's modes (0666): the restored DATA_DIR is made owner-only again.
    if (mode === "embedded") tightenDataDir(dataDir, { quiet: true });
    return result;
  } finally {
    backup.remove();
  }
}
