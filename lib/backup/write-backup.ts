import { chmodSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "../config";
import { dbMode, dumpEmbeddedDataDir } from "../db/open";
import { HopError } from "../errors";
import { packBackup, sha256Of, type Manifest, type Part } from "./archive";
import { contentsOf, type Contents } from "./count-rows";
import { dumpPostgres, libpqUrl } from "./postgres-tools";

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
  const staging = mkdtempSync(path.join(path.dirname(target), ".hop-backup-"));
  const partial = `${target}.partial-${process.pid}`;
  try {
    const createdAt = new Date().toISOString();
    const mode = dbMode();
    const parts: Partial<Record<Part, string>> = {};
    let contents: Contents;
    if (mode === "embedded") {
      const dumped = await dumpEmbeddedDataDir(contentsOf);
      writeFileSync(path.join(staging, "database.tar.gz"), Buffer.from(await dumped.tarball.arrayBuffer()), { mode: 0o600 });
      parts["database.tar.gz"] = path.join(staging, "database.tar.gz");
      contents = dumped.read;
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
    await packBackup(staging, partial, { format: "hop-backup", version: 1, createdAt, mode, migration, counts, parts: described });
    chmodSync(partial, 0o600);
    renameSync(partial, target);
    return { file: target, bytes: statSync(target).size, sha256: await sha256Of(target), mode, createdAt, migration, counts };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}
