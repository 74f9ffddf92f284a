import { copyFile, lstat, mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";

// A consistent copy of the embedded database's data directory in two passes, in bounded memory
// (each file is copied by the kernel on libuv's pool, never read into the heap):
//   1. everything, while the server goes on (files written meanwhile are copied torn);
//   2. with no statement running (the caller holds PGlite's statement lock), again every file
//      whose size or modification time changed since pass 1 read it, or that was written in the
//      SETTLE_MS before — a write in the same clock tick as pass 1's look leaves no trace in the
//      time — plus files that appeared, and the removal of files that went.
// The result is the directory as it stood at pass 2, which is what PGlite's own tarball holds
// (committed work is in the WAL; the checkpoint before pass 1 keeps the replay short). Pass 2
// copies only what changed, so the statement lock is held for that, not for the whole database.

const SETTLE_MS = 2_000;
/** Files copied at once: two of libuv's four pool threads, the rest stay free for everyone else. */
const PARALLEL = 2;

interface Seen {
  size: number;
  mtimeMs: number;
  /** Wall clock when it was looked at, before the copy. */
  at: number;
}

/** The files under `root`; every directory (empty ones too: PostgreSQL needs them) goes into `dirs`. */
async function listFiles(root: string, dir = "", dirs: string[] = []): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(root, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      dirs.push(relative);
      out.push(...(await listFiles(root, relative, dirs)));
    } else if (entry.isFile()) out.push(relative);
  }
  return out;
}

async function makeDirs(to: string, dirs: string[]): Promise<void> {
  for (const dir of dirs) await mkdir(path.join(to, dir), { recursive: true, mode: 0o700 });
}

async function inParallel<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

async function copyOne(from: string, to: string, relative: string, seen: Map<string, Seen>): Promise<void> {
  const source = path.join(from, relative);
  let stat;
  try {
    stat = await lstat(source);
  } catch {
    return; // gone since it was listed; pass 2 finds out
  }
  seen.set(relative, { size: stat.size, mtimeMs: stat.mtimeMs, at: Date.now() });
  await mkdir(path.dirname(path.join(to, relative)), { recursive: true });
  await copyFile(source, path.join(to, relative)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
}

/** Pass 1: every file, the server running; what it saw of each, for pass 2. */
export async function copyDataDirLoosely(from: string, to: string): Promise<Map<string, Seen>> {
  const seen = new Map<string, Seen>();
  await mkdir(to, { recursive: true, mode: 0o700 });
  const dirs: string[] = [];
  const files = await listFiles(from, "", dirs);
  await makeDirs(to, dirs);
  await inParallel(files, (relative) => copyOne(from, to, relative, seen));
  return seen;
}

/** Pass 2, with no statement running: the files that may have changed since pass 1; how many were copied again. */
export async function settleDataDirCopy(from: string, to: string, seen: Map<string, Seen>): Promise<{ recopied: number; removed: number }> {
  const dirs: string[] = [];
  const now = await listFiles(from, "", dirs);
  await makeDirs(to, dirs);
  const present = new Set(now);
  const again: string[] = [];
  for (const relative of now) {
    const before = seen.get(relative);
    if (!before) {
      again.push(relative);
      continue;
    }
    const stat = await lstat(path.join(from, relative));
    if (stat.size !== before.size || stat.mtimeMs !== before.mtimeMs || before.at - stat.mtimeMs < SETTLE_MS) again.push(relative);
  }
  let removed = 0;
  for (const relative of seen.keys()) {
    if (present.has(relative)) continue;
    await rm(path.join(to, relative), { force: true });
    removed += 1;
  }
  await inParallel(again, (relative) => copyOne(from, to, relative, new Map()));
  return { recopied: again.length, removed };
}

/** Bytes of the files under `dir` (what a copy of it needs on disk). */
export async function directoryBytes(dir: string): Promise<number> {
  let total = 0;
  for (const relative of await listFiles(dir)) total += (await lstat(path.join(dir, relative)).catch(() => ({ size: 0 }))).size;
  return total;
}
