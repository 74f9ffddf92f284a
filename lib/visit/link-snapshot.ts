import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { config, tunable } from "../config";
import { databaseDown, onDatabaseBack, onDatabaseDown } from "../db/outage";
import { errorFields, log } from "../log";
import { visitCache, type VisitLink } from "./link-cache";

// The most visited links on local disk, so that a Hop (re)started while its database is down still
// answers them: its caches start empty, and without this every visitor would get the 503 page until
// the database returns. Written every minute and at shutdown while the database answers (an outage
// keeps the last good copy: entries are no fresher than when they were read), checksummed, and
// loaded at start as stale entries — served only while the database can't be asked, read afresh
// at their first visit once it can. Password-protected links are left out: their hash is a secret,
// and without it the link can't be opened anyway.

const FILE_NAME = "link-snapshot.json.gz";
const FORMAT = 1;
const WRITE_EVERY_MS = 60_000;
/** An entry bigger than this (a page with a lot of content) is left out; the file is bounded too. */
const MAX_ENTRY_BYTES = 32 * 1024;
const MAX_TOTAL_BYTES = 8 * 1024 * 1024;
/** Entries serialized between two turns of the event loop, so a write never holds visitors up. */
const SLICE = 250;

interface Payload {
  links: VisitLink[];
  hosts: string[];
}

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function snapshotFile(): string {
  return path.join(config().dataDir, FILE_NAME);
}

/** The cache's hottest links as the file's payload, serialized in slices. */
async function payloadText(max: number): Promise<{ text: string; links: number }> {
  const { links, hosts } = visitCache().hottest(max);
  const parts: string[] = [];
  let total = 0;
  for (let i = 0; i < links.length; i += 1) {
    if (i % SLICE === SLICE - 1) await nextTurn();
    const text = JSON.stringify({ ...links[i], passwordHash: null });
    if (text.length > MAX_ENTRY_BYTES) continue;
    if (total + text.length > MAX_TOTAL_BYTES) break;
    total += text.length;
    parts.push(text);
  }
  return { text: `{"links":[${parts.join(",")}],"hosts":${JSON.stringify(hosts)}}`, links: parts.length };
}

/**
 * Writes the snapshot (beside, then renamed: a crash mid-write leaves the previous one). Not while
 * the database is down — entries only age then — except at the outage's start (`outageStarts`),
 * when the cache holds the freshest answers there will be until it ends.
 */
export async function writeLinkSnapshot(options: { outageStarts?: boolean } = {}): Promise<{ links: number } | null> {
  const max = tunable("LINK_SNAPSHOT_MAX");
  if (max === 0 || !answered.seen || (databaseDown() && !options.outageStarts)) return null;
  const { text, links } = await payloadText(max);
  const file = snapshotFile();
  const body = await gzipAsync(JSON.stringify({ format: FORMAT, writtenAt: Date.now(), sha256: sha256(text), payload: text }));
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, body, { mode: 0o600 });
  await rename(temporary, file);
  return { links };
}

/** The snapshot's links put into the visitor cache as stale entries; how many were taken. */
export async function loadLinkSnapshot(): Promise<number> {
  if (tunable("LINK_SNAPSHOT_MAX") === 0) return 0;
  let raw: Buffer;
  try {
    raw = await readFile(snapshotFile());
  } catch {
    return 0;
  }
  try {
    const file = JSON.parse((await gunzipAsync(raw)).toString("utf8")) as { format?: unknown; writtenAt?: unknown; sha256?: unknown; payload?: unknown };
    if (file.format !== FORMAT || typeof file.payload !== "string" || typeof file.writtenAt !== "number") throw new Error("not a link snapshot");
    if (sha256(file.payload) !== file.sha256) throw new Error("checksum mismatch");
    const payload = JSON.parse(file.payload) as Payload;
    const links = payload.links.filter((link) => link.passwordHash === null);
    const adopted = visitCache().adoptStale(links, payload.hosts, Math.max(0, Date.now() - file.writtenAt));
    log.info("link snapshot loaded", { links: adopted, ageS: Math.round((Date.now() - file.writtenAt) / 1000) });
    return adopted;
  } catch (error) {
    log.warn("link snapshot ignored", { file: snapshotFile(), ...errorFields(error), stack: undefined });
    return 0;
  }
}

/**
 * Whether the database answered this process yet: until it has, the cache holds only what the file
 * gave it (stale), and a write would replace the file with less.
 */
const answered = { seen: false };

/** The database answered (opened at start, or back after an outage). */
export function snapshotSourceReady(): void {
  answered.seen = true;
}

/** Loads the snapshot, then keeps it written; the answer writes it a last time and stops. */
export async function startLinkSnapshots(): Promise<() => Promise<void>> {
  await loadLinkSnapshot();
  const write = () => writeLinkSnapshot().catch((error: unknown) => void log.warn("link snapshot not written", { ...errorFields(error), stack: undefined }));
  const timer = setInterval(write, WRITE_EVERY_MS);
  timer.unref();
  onDatabaseDown(() => void writeLinkSnapshot({ outageStarts: true }).catch(() => undefined));
  onDatabaseBack(snapshotSourceReady);
  return async () => {
    clearInterval(timer);
    await write();
  };
}
