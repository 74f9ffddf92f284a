import { createHash } from "node:crypto";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import * as tar from "tar";
import { z } from "zod";
import { HopError } from "../errors";
import { tarOf } from "./tar-stream";

// A Hop backup is one tar file (docs/operations.md, "Backups"):
//   hop-backup.json   what it holds (the manifest below)
//   database.tar.gz   the embedded database's data directory (its files, gzipped tar), or
//   database.pgdump   PostgreSQL's pg_dump in its custom format
//   auth-secret       the generated session secret, when AUTH_SECRET is not set from the environment
// Each part's SHA-256 is in the manifest and checked before a restore touches anything.

export const MANIFEST = "hop-backup.json";
export const PARTS = ["database.tar.gz", "database.pgdump", "auth-secret"] as const;
export type Part = (typeof PARTS)[number];

export const Manifest = z.object({
  format: z.literal("hop-backup"),
  version: z.literal(1),
  createdAt: z.string(),
  mode: z.enum(["embedded", "postgres"]),
  /** The newest migration the database had when it was copied. */
  migration: z.string().nullable(),
  counts: z.record(z.string(), z.number()),
  parts: z.partialRecord(z.enum(PARTS), z.object({ bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
  /** The embedded database's files, unpacked: the room a restore needs (absent in older backups). */
  databaseBytes: z.number().int().nonnegative().optional(),
});
export type Manifest = z.infer<typeof Manifest>;

/** One buffer read into again and again: a stream's fresh buffer per read left tens of MB for the collector. */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  const buffer = Buffer.allocUnsafe(256 * 1024);
  const handle = await open(file, "r");
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return hash.digest("hex");
      hash.update(buffer.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
}

/** Packs the parts found in `staging` with their manifest into `file` (a plain tar). */
export async function packBackup(staging: string, file: string, manifest: Manifest): Promise<void> {
  writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2) + "\n");
  // Streamed with backpressure (tar-stream.ts): tar's own packer reads ahead tens of MB.
  await pipeline(tarOf(staging, [MANIFEST, ...Object.keys(manifest.parts)]), createWriteStream(file, { mode: 0o600 }));
}

export interface Unpacked {
  dir: string;
  manifest: Manifest;
  part: (name: Part) => string;
  remove: () => void;
}

/** Unpacks a backup into a temporary directory, checking its manifest and every part's checksum. */
export async function unpackBackup(file: string): Promise<Unpacked> {
  if (!existsSync(file)) throw new HopError("invalid_request", { message: `No backup file '${file}'.` });
  const dir = mkdtempSync(path.join(tmpdir(), "hop-restore-"));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const allowed = new Set<string>([MANIFEST, ...PARTS]);
    // Only the known names, as plain files: nothing else of the archive is written anywhere.
    // umask: the parts (a database, a secret) are extracted owner-only whatever modes the archive says.
    await tar.x({ file, cwd: dir, strict: true, umask: 0o077, filter: (entry, stat) => allowed.has(entry) && (!("type" in stat) || stat.type === "File") });
    let manifest: Manifest;
    try {
      manifest = Manifest.parse(JSON.parse(readFileSync(path.join(dir, MANIFEST), "utf8")));
    } catch {
      throw new HopError("invalid_request", { message: `'${file}' is not a Hop backup (no readable ${MANIFEST}).` });
    }
    for (const [name, expected] of Object.entries(manifest.parts)) {
      const at = path.join(dir, name);
      if (!existsSync(at) || (await sha256Of(at)) !== expected.sha256) {
        throw new HopError("invalid_request", { message: `The backup is damaged: ${name} is missing or does not match its checksum.` });
      }
    }
    return { dir, manifest, part: (name) => path.join(dir, name), remove };
  } catch (error) {
    remove();
    if (error instanceof HopError) throw error;
    throw new HopError("invalid_request", { message: `'${file}' could not be read as a Hop backup: ${error instanceof Error ? error.message : String(error)}` });
  }
}
