import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, readdir, stat, unlink, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import type { ClickRow, VisitRow } from "./rollups";

// The event spool: while the database can't take events, batches are appended to a file in
// DATA_DIR/spool (one JSON line per batch, fsync'd before the rows leave memory) and written to
// the database in order once it answers again — or by the next process, if this one dies first.
// Each batch carries a random id that the database records in the batch's own transaction
// (EventBatch), so a batch written before a crash that left its line behind is skipped, never
// counted twice. Files are named `events-<pid>-<started>-<n>.jsonl`: a file whose process is gone
// (or whose pid is this process's, reused after a restart) is an orphan, replayed by whoever sees it.

export interface SpoolBatch {
  id: string;
  visits: VisitRow[];
  clicks: ClickRow[];
}

/** Writes consecutive batches, each with its id, in one go; resolves with how many were new (the rest were written before: skipped). */
export type BatchWriter = (batches: SpoolBatch[]) => Promise<number>;

const SEGMENT = /^events-(\d+)-(\d+)-(\d+)\.jsonl$/;

function processAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function parseLine(line: string): SpoolBatch | null {
  try {
    const value = JSON.parse(line) as Partial<SpoolBatch>;
    if (typeof value.id !== "string" || !Array.isArray(value.visits) || !Array.isArray(value.clicks)) return null;
    return value as SpoolBatch;
  } catch {
    return null;
  }
}

export class Spool {
  private file: { name: string; handle: FileHandle; bytes: number } | null = null;
  private readonly own = new Set<string>();
  private readonly started = Date.now();
  private sequence = 0;
  /** Bytes of the segments this process may replay (its own and orphans'), as last counted. */
  private bytes = 0;
  private counted = false;
  /** Lines a replay found unreadable (a write torn by a crash). */
  torn = 0;

  constructor(
    readonly dir: string,
    readonly maxBytes: number,
  ) {}

  /** Bytes of the segments this process may replay; counted from the directory when unknown. */
  async size(): Promise<number> {
    if (!this.counted) {
      this.counted = true;
      this.bytes = 0;
      for (const name of await this.segments()) this.bytes += await stat(path.join(this.dir, name)).then((s) => s.size, () => 0);
    }
    return this.bytes;
  }

  /** Whether any segment holds batches (this process's or another's that died). */
  async pending(): Promise<boolean> {
    return (await this.size()) > 0;
  }

  /**
   * Appends the batches and fsyncs them. Resolves with how many batches were taken: those that fit
   * under the cap, in order (the rest stay with the caller). A failed write takes none.
   */
  async append(batches: SpoolBatch[]): Promise<number> {
    if (batches.length === 0) return 0;
    const size = await this.size();
    const lines: string[] = [];
    let adding = 0;
    for (const batch of batches) {
      const line = `${JSON.stringify(batch)}\n`;
      const length = Buffer.byteLength(line);
      if (size + adding + length > this.maxBytes) break;
      lines.push(line);
      adding += length;
    }
    if (lines.length === 0) return 0;
    const file = await this.current();
    try {
      await file.handle.write(lines.join(""), file.bytes);
      await file.handle.datasync();
    } catch (error) {
      // A partial write (a full disk) must not leave half a line for the next append to continue.
      await file.handle.truncate(file.bytes).catch(() => undefined);
      throw error;
    }
    file.bytes += adding;
    this.bytes += adding;
    return lines.length;
  }

  /**
   * Writes every closed segment's batches in order (oldest segment first) through `write`, several
   * consecutive batches at a time (up to `groupRows` rows: an outage spools a small batch every
   * 100 ms, and one transaction each made the replay of a long outage take minutes), deleting each
   * segment once all its batches are in; stops at the first failure (the segment stays, and a
   * batch already written is skipped next time by its id). This process's open segment is closed
   * first, so appends during a replay go to a new one; call again until `pending()` is false.
   */
  async replay(write: BatchWriter, groupRows = 1_000): Promise<{ batches: number; skipped: number }> {
    await this.closeCurrent();
    let batches = 0;
    let skipped = 0;
    let group: SpoolBatch[] = [];
    let groupSize = 0;
    const writeGroup = async () => {
      if (!group.length) return;
      const fresh = await write(group);
      batches += fresh;
      skipped += group.length - fresh;
      group = [];
      groupSize = 0;
    };
    for (const name of await this.segments()) {
      const file = path.join(this.dir, name);
      const lines = createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
      try {
        for await (const line of lines) {
          if (!line) continue;
          const batch = parseLine(line);
          if (!batch) {
            this.torn += 1;
            continue;
          }
          group.push(batch);
          groupSize += batch.visits.length + batch.clicks.length;
          if (groupSize >= groupRows) await writeGroup();
        }
        await writeGroup();
      } catch (error) {
        group = [];
        groupSize = 0;
        // An orphan another instance on this DATA_DIR replayed first: its batches are in.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        this.own.delete(name);
        continue;
      }
      const size = await stat(file).then((s) => s.size, () => 0);
      await unlink(file).catch(() => undefined);
      this.own.delete(name);
      this.bytes = Math.max(0, this.bytes - size);
    }
    // Recount next time: a process that died meanwhile left its segments to us.
    this.counted = false;
    return { batches, skipped };
  }

  async close(): Promise<void> {
    await this.closeCurrent();
  }

  /** This process's segments and those of processes that are gone, oldest first. */
  private async segments(): Promise<string[]> {
    const names = (await readdir(this.dir).catch(() => [] as string[])).filter((name) => {
      const match = SEGMENT.exec(name);
      return match !== null && (this.own.has(name) || !processAlive(Number(match[1])));
    });
    // Oldest first: by the start time of the process that wrote it, then its own sequence.
    const key = (name: string) => SEGMENT.exec(name)!.slice(2).map(Number);
    return names.sort((a, b) => {
      const [ta, sa] = key(a);
      const [tb, sb] = key(b);
      return ta - tb || sa - sb;
    });
  }

  private async current(): Promise<{ name: string; handle: FileHandle; bytes: number }> {
    if (this.file) return this.file;
    await mkdir(this.dir, { recursive: true });
    this.sequence += 1;
    const name = `events-${process.pid}-${this.started}-${this.sequence}.jsonl`;
    const handle = await open(path.join(this.dir, name), "a");
    this.own.add(name);
    this.file = { name, handle, bytes: 0 };
    return this.file;
  }

  private async closeCurrent(): Promise<void> {
    const file = this.file;
    this.file = null;
    if (!file) return;
    await file.handle.close().catch(() => undefined);
    if (file.bytes === 0) {
      await unlink(path.join(this.dir, file.name)).catch(() => undefined);
      this.own.delete(file.name);
    }
  }
}

export function newBatch(visits: VisitRow[], clicks: ClickRow[]): SpoolBatch {
  return { id: randomUUID(), visits, clicks };
}
