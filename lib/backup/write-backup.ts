import { chmodSync, createWriteStream, existsSync, mkdtempSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { rm } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { config } from "../config";
import { directoryBytes } from "../db/copy-data-dir";
import { copyEmbeddedDataDir, dbMode, embeddedDataDir } from "../db/open";
import { HopError } from "../errors";
import { lowerBackgroundThreads } from "../threads";
import { packBackup, sha256Of, type Manifest, type Part } from "./archive";
import { contentsOf, type Contents } from "./count-rows";
import { recordBackupSuccess } from "./last-success";
import { dumpPostgres, libpqUrl } from "./postgres-tools";
import { assertRoom } from "./room";
import { paced, tarOf } from "./tar-stream";

// The embedded database is copied file by file into the staging directory (lib/db/copy-data-dir.ts)
// and packed from there as a gzipped tar streamed through zlib on libuv's pool: memory stays a few
// buffers whatever the database's size, and the server's thread only moves them along. The copy is
// removed as soon as it is packed, so the disk holds at most the copy and the packed part, then the
// packed part twice (in the staging directory and in the final tar).

let running: { since: string } | null = null;

export interface BackupResult {
  file: string;
  bytes: number;
  sha256: string;
  mode: Manifest["mode"];
  createdAt: string;
  migration: string | null;
  counts: Record<string, number>;
}

/**
 * Writes a backup of everything Hop keeps — the database (accounts, keys, links, pages and drafts,
 * domains, analytics, uploaded pictures: all rows) and the generated session secret — to `file`,
 * while the server goes on serving. The file appears whole or not at all (written beside it, then
 * renamed), readable by its owner only: it holds password hashes and webhook secrets.
 */
export async function writeBackup(file: string, options: { force?: boolean } = {}): Promise<BackupResult> {
  const target = path.resolve(file);
  if (existsSync(target) && statSync(target).isDirectory()) throw new HopError("invalid_request", { message: `'${target}' is a directory; give the backup's file name (e.g. ${path.join(target, "hop.tar")}).` });
  if (existsSync(target) && !options.force) throw new HopError("invalid_request", { message: `'${target}' exists; give --force to replace it.` });
  if (!existsSync(path.dirname(target))) throw new HopError("invalid_request", { message: `The directory '${path.dirname(target)}' does not exist.` });
  if (running) throw new HopError("invalid_request", { status: 409, message: `A backup is already being written (since ${running.since}); wait for it to end.` });
  running = { since: new Date().toISOString() };
  try {
    return await writeBackupNow(target);
  } finally {
    running = null;
  }
}

async function writeBackupNow(target: string): Promise<BackupResult> {
  // The copy's compression runs on libuv's pool: below the visitors' thread (lib/threads.ts).
  lowerBackgroundThreads();
  const staging = mkdtempSync(path.join(path.dirname(target), ".hop-backup-"));
  const partial = `${target}.partial-${process.pid}`;
  try {
    const createdAt = new Date().toISOString();
    const mode = dbMode();
    const parts: Partial<Record<Part, string>> = {};
    let contents: Contents;
    let databaseBytes: number | undefined;
    if (mode === "embedded") {
      databaseBytes = await directoryBytes(embeddedDataDir());
      // The copy, then its packed part beside it (no bigger than the copy): twice the database.
      assertRoom(path.dirname(target), 2 * databaseBytes, `a backup of this ${Math.ceil(databaseBytes / 1024 / 1024).toLocaleString("en")} MB database`);
      const copy = path.join(staging, "pgdata");
      contents = (await copyEmbeddedDataDir(copy, contentsOf)).read;
      const packed = path.join(staging, "database.tar.gz");
      // Level 1 and paced: zlib runs on libuv's pool, but on a small server a core is a core.
      await pipeline(paced(tarOf(copy)), createGzip({ level: 1 }), createWriteStream(packed, { mode: 0o600 }));
      // Removed on libuv's pool: the kernel's freeing of a gigabyte's pages held the visitors' thread for hundreds of ms.
      await rm(copy, { recursive: true, force: true });
      parts["database.tar.gz"] = packed;
    } else {
      const out = path.join(staging, "database.pgdump");
      contents = await dumpPostgres(libpqUrl(config().databaseUrl!), out);
      parts["database.pgdump"] = out;
    }
    const { counts, migration } = contents;
    const secretFile = path.join(config().dataDir, "auth-secret");
    if (existsSync(secretFile)) {
      writeFileSync(path.join(staging, "auth-secret"), readFileSync(secretFile), { mode: 0o600 });
      parts["auth-secret"] = path.join(staging, "auth-secret");
    }
    const described: Manifest["parts"] = {};
    for (const [name, at] of Object.entries(parts)) described[name as Part] = { bytes: statSync(at).size, sha256: await sha256Of(at) };
    await packBackup(staging, partial, { format: "hop-backup", version: 1, createdAt, mode, migration, counts, parts: described, ...(databaseBytes === undefined ? {} : { databaseBytes }) });
    chmodSync(partial, 0o600);
    renameSync(partial, target);
    const bytes = statSync(target).size;
    recordBackupSuccess(new Date(), target, bytes);
    return { file: target, bytes, sha256: await sha256Of(target), mode, createdAt, migration, counts };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}
