import path from "node:path";
import { config, tunable } from "../config";
import { eventSql } from "../db/open";
import { errorFields, log } from "../log";
import { memoByString, shared } from "../shared";
import { insertClicks, insertVisits } from "./insert-events";
import { clickHooksOf, enqueueClickEvents } from "../webhooks/clicked";
import { rollupDeltas, upsertRollups, type ClickRow, type VisitRow } from "./rollups";
import { newBatch, Spool } from "./spool";

// Visits and clicks are queued in memory and written in batches (one multi-row insert per table,
// plus the hourly rollups, in one transaction), so recording never delays an answer. Identical
// visits of one second (same link, country, city, device, platform, browser, referrer, outcome)
// share one queued row that counts them (`visits`): a link under a burst of traffic costs the
// database a row per distinct visitor profile and second, not a row per visit, and nothing the
// analytics show (hourly buckets, dimensions, the last view to the millisecond) is lost.
// A database outage loses nothing that fits in the queue: a batch that fails to write goes back to
// the front of the queue and is retried with a capped exponential backoff (250 ms doubling to 5 s)
// until the database answers again. The queue is bounded in rows (a row counting many visits is one)
// — rows being written count against the bound too — and only past EVENT_QUEUE_MAX rows are new
// events dropped, counted and logged (at most once a minute). The default 1,000,000 holds a 30 s outage at the bench's ~16,000 visits a second
// with the backoff and the drain after it (`npm run bench -- outage`).

const MAX_QUEUED = tunable("EVENT_QUEUE_MAX");
const FLUSH_MS = tunable("EVENT_FLUSH_MS");
const BATCH_TRIGGER = 2_000;
/**
 * One transaction writes at most this many events; a backlog drains in several, with the event
 * loop let through between them. On PGlite every statement runs on the server's own thread, so a
 * batch is a stall of every visitor; on PostgreSQL the encoding of 10,000 rows' arrays (and its
 * garbage) was still the cached redirect's p99. 1,000 rows a slice, yielding between slices
 * (docs/architecture.md, "Tail latency").
 */
function batchMax(): number {
  return tunable("EVENT_BATCH_MAX");
}
const yieldToVisitors = () => new Promise<void>((resolve) => setImmediate(resolve));
const BACKOFF_FIRST_MS = 250;
const BACKOFF_MAX_MS = 5_000;
/** During an outage, what is queued goes to the spool this often (and at BATCH_TRIGGER rows). */
const SPOOL_EVERY_MS = 100;

interface Queue {
  visits: VisitRow[];
  /** Rows still queued and open to more identical visits, by profile and second (see recordVisit). */
  openVisits: Map<string, VisitRow>;
  /** The last visit as it came and the open row it counted in (a burst of one profile: no key). */
  lastVisit: { input: VisitInput; second: number; row: VisitRow } | null;
  clicks: ClickRow[];
  /** Rows taken by the write under way; they still count against the bound. */
  inFlight: number;
  /** Events (visits and clicks) those rows count. */
  inFlightEvents: number;
  /** When the oldest row in flight happened (epoch ms; Infinity when none is). */
  inFlightSince: number;
  dropped: number;
  written: number;
  /** Consecutive failed writes; 0 when the last write succeeded. */
  failures: number;
  /** No timed or size-triggered write before this (the backoff after a failure). */
  retryAt: number;
  lastDropLog: number;
  lastFailureLog: number;
  lastSpoolLog: number;
  flushing: Promise<boolean> | null;
  timer?: NodeJS.Timeout;
  /** The database can't take events: queued rows go to the spool until it is written. */
  outage: boolean;
  spool: Spool;
  /** Events this process put in the spool that are not written yet. */
  spooledEvents: number;
  spoolTimer?: NodeJS.Timeout;
}

function queue(): Queue {
  return shared("eventQueue", () => {
    const spool = new Spool(path.join(config().dataDir, "spool"), tunable("EVENT_SPOOL_MAX_BYTES"));
    const q: Queue = { visits: [], openVisits: new Map(), lastVisit: null, clicks: [], inFlight: 0, inFlightEvents: 0, inFlightSince: Infinity, dropped: 0, written: 0, failures: 0, retryAt: 0, lastDropLog: 0, lastFailureLog: 0, lastSpoolLog: 0, flushing: null, outage: false, spool, spooledEvents: 0 };
    q.timer = setInterval(() => void flushEvents(), FLUSH_MS);
    q.timer.unref();
    return q;
  });
}

// Referrers repeat (a few apps and sites send most visitors): each one's domain is kept rather
// than parsed as a URL on every visit.
const referrerDomains = memoByString(10_000, parseReferrerDomain);

function referrerDomain(referrer: string | null): string {
  return referrer ? referrerDomains(referrer) : "direct";
}

function parseReferrerDomain(referrer: string): string {
  try {
    const host = new URL(referrer).hostname.toLowerCase().replace(/^www\./, "");
    return host || "direct";
  } catch {
    return "direct";
  }
}

function countryOf(code: string | null): string {
  return code && /^[A-Za-z]{2}$/.test(code) ? code.toLowerCase() : "unknown";
}

/** Rows held (the bound is on memory: a row counting many visits is one). */
function size(q: Queue): number {
  return q.visits.length + q.clicks.length + q.inFlight;
}

function accept(q: Queue): boolean {
  if (size(q) < MAX_QUEUED) return true;
  q.dropped += 1;
  if (Date.now() - q.lastDropLog > 60_000) {
    q.lastDropLog = Date.now();
    log.warn("event queue full; dropping events", { dropped: q.dropped, max: MAX_QUEUED });
  }
  return false;
}

function nudge(q: Queue): void {
  if (q.visits.length + q.clicks.length >= BATCH_TRIGGER && !q.flushing && (q.outage || Date.now() >= q.retryAt)) void flushEvents();
}

export interface VisitInput {
  linkId: string;
  accountId: string;
  /** A Date or epoch milliseconds. */
  at: Date | number;
  country: string | null;
  city: string | null;
  device: string;
  platform: string;
  browser: string | null;
  referrer: string | null;
  redirected: boolean;
  /** The chosen URL (rule, device or destination), for link.clicked webhooks. */
  url?: string | null;
}

export function recordVisit(v: VisitInput): void {
  const q = queue();
  const at = typeof v.at === "number" ? v.at : v.at.getTime();
  const second = Math.floor(at / 1000);
  const last = q.lastVisit;
  if (last && last.second === second && sameProfile(last.input, v)) return countIn(last.row, at);
  const country = countryOf(v.country);
  const city = v.city ? v.city.slice(0, 100) : null;
  const browser = v.browser?.slice(0, 100) ?? null;
  const referrer = referrerDomain(v.referrer);
  // The row's profile and second: a repeat only counts (no row object is made for it).
  const key = `${v.linkId}\u0000${v.accountId}\u0000${second}\u0000${country}\u0000${city}\u0000${v.device}\u0000${v.platform}\u0000${browser}\u0000${referrer}\u0000${v.redirected}`;
  const open = q.openVisits.get(key);
  if (open) {
    q.lastVisit = { input: v, second, row: open };
    return countIn(open, at);
  }
  if (!accept(q)) return;
  const row: VisitRow = { linkId: v.linkId, accountId: v.accountId, occurredAt: at, visits: 1, country, city, device: v.device, platform: v.platform, browser, referrer, redirected: v.redirected, url: v.url ?? null };
  q.visits.push(row);
  q.openVisits.set(key, row);
  q.lastVisit = { input: v, second, row };
  nudge(q);
}

/** No new row: counted even when the queue is full, as it costs no memory. */
function countIn(row: VisitRow, at: number): void {
  row.visits += 1;
  if (at > (row.occurredAt as number)) row.occurredAt = at;
}

/** The same row profile, compared as the visits came (equal inputs make equal rows). */
function sameProfile(a: VisitInput, b: VisitInput): boolean {
  return a.linkId === b.linkId && a.accountId === b.accountId && a.country === b.country && a.city === b.city && a.device === b.device && a.platform === b.platform && a.browser === b.browser && a.referrer === b.referrer && a.redirected === b.redirected;
}

export interface ClickInput {
  linkId: string;
  accountId: string;
  at: Date | number;
  buttonId: string;
  buttonTitle: string | null;
  buttonUrl: string | null;
  buttonType: string | null;
  country: string | null;
  device: string;
  platform: string;
  referrer: string | null;
}

export function recordClick(c: ClickInput): void {
  const q = queue();
  if (!accept(q)) return;
  q.clicks.push({
    linkId: c.linkId,
    accountId: c.accountId,
    occurredAt: typeof c.at === "number" ? c.at : c.at.getTime(),
    buttonId: c.buttonId.slice(0, 200),
    buttonTitle: c.buttonTitle?.slice(0, 300) ?? null,
    buttonUrl: c.buttonUrl?.slice(0, 2000) ?? null,
    buttonType: c.buttonType?.slice(0, 50) ?? null,
    country: countryOf(c.country),
    device: c.device,
    platform: c.platform,
    referrer: referrerDomain(c.referrer),
  });
  nudge(q);
}

/** Writes rows in one transaction; with a spooled batch's id, skips it (false) if written before. */
async function write(visits: VisitRow[], clicks: ClickRow[], batchId?: string): Promise<boolean> {
  const sql = await eventSql();
  const hooks = await clickHooksOf(visits);
  let fresh = true;
  await sql.transaction(async (query) => {
    if (batchId && (await query(CLAIM_BATCH, [batchId])).length === 0) return void (fresh = false);
    await insertVisits(query, visits);
    await insertClicks(query, clicks);
    await upsertRollups(query, rollupDeltas(visits, clicks));
    if (hooks.length) await enqueueClickEvents(query, visits, hooks);
  });
  return fresh;
}

/** A batch's id matters only until its spool file is gone; a month covers any crash in between. */
async function forgetOldBatches(): Promise<void> {
  await (await eventSql()).transaction(async (query) => void (await query(`DELETE FROM "EventBatch" WHERE "writtenAt" < now() - interval '30 days'`, [])));
}

const CLAIM_BATCH = `INSERT INTO "EventBatch" ("id") VALUES ($1) ON CONFLICT DO NOTHING RETURNING "id"`;

export function backoffMs(failures: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, failures - 1));
}

const eventsIn = (visits: VisitRow[], clicks: ClickRow[]) => visits.reduce((sum, v) => sum + v.visits, 0) + clicks.length;

const epochMs = (at: Date | number) => (typeof at === "number" ? at : at.getTime());

/** When the first row of either list happened (rows are queued in order), Infinity when both are empty. */
function oldestOf(visits: VisitRow[], clicks: ClickRow[]): number {
  return Math.min(visits.length ? epochMs(visits[0].occurredAt) : Infinity, clicks.length ? epochMs(clicks[0].occurredAt) : Infinity);
}

/** Takes up to one batch of rows from the front of the queue (they count as in flight). */
function takeBatch(q: Queue): { visits: VisitRow[]; clicks: ClickRow[] } {
  const max = batchMax();
  const visits = q.visits.splice(0, max);
  const clicks = q.clicks.splice(0, max - visits.length);
  // A row taken never grows again (rows put back return as they were).
  q.openVisits.clear();
  q.lastVisit = null;
  q.inFlight += visits.length + clicks.length;
  q.inFlightEvents += eventsIn(visits, clicks);
  q.inFlightSince = Math.min(q.inFlightSince, oldestOf(visits, clicks));
  return { visits, clicks };
}

function settle(q: Queue, visits: VisitRow[], clicks: ClickRow[], putBack: boolean): void {
  q.inFlight -= visits.length + clicks.length;
  q.inFlightEvents -= eventsIn(visits, clicks);
  if (q.inFlight === 0) q.inFlightSince = Infinity;
  if (!putBack) return;
  q.visits.unshift(...visits);
  q.clicks.unshift(...clicks);
}

function noteFailure(q: Queue, error: unknown, what: Record<string, unknown>): void {
  q.failures += 1;
  const wait = backoffMs(q.failures);
  q.retryAt = Date.now() + wait;
  if (q.failures === 1 || Date.now() - q.lastFailureLog > 10_000) {
    q.lastFailureLog = Date.now();
    log.warn("event batch failed; kept and retried", { ...what, queued: size(q), spooled: q.spooledEvents, failures: q.failures, retryInMs: wait, ...errorFields(error) });
  }
}

function noteSuccess(q: Queue): void {
  if (q.failures > 0) log.info("event writes resumed", { afterFailures: q.failures, queued: size(q) });
  q.failures = 0;
  q.retryAt = 0;
}

/** Writes one batch from the front of the queue; a failed batch goes back to the front. */
async function writeBatch(q: Queue): Promise<boolean> {
  const { visits, clicks } = takeBatch(q);
  const count = eventsIn(visits, clicks);
  try {
    await write(visits, clicks);
    settle(q, visits, clicks, false);
    q.written += count;
    noteSuccess(q);
    return true;
  } catch (error) {
    settle(q, visits, clicks, true);
    noteFailure(q, error, { events: count, rows: visits.length + clicks.length });
    return false;
  }
}

/**
 * The database can't take events: from now until the spool is written, what is queued goes to the
 * spool every SPOOL_EVERY_MS (or at BATCH_TRIGGER rows), and the database is tried on the backoff.
 */
function enterOutage(q: Queue): void {
  if (q.outage) return;
  q.outage = true;
  q.spoolTimer = setInterval(() => void flushEvents(), SPOOL_EVERY_MS);
  q.spoolTimer.unref();
}

function leaveOutage(q: Queue): void {
  q.outage = false;
  clearInterval(q.spoolTimer);
  q.spoolTimer = undefined;
}

/** Moves what is queued into the spool, in order; what the spool can't take stays queued. */
async function spoolQueued(q: Queue): Promise<void> {
  const taken: Array<{ visits: VisitRow[]; clicks: ClickRow[] }> = [];
  while (q.visits.length + q.clicks.length > 0) taken.push(takeBatch(q));
  if (taken.length === 0) return;
  let stored = 0;
  try {
    stored = await q.spool.append(taken.map((rows) => newBatch(rows.visits, rows.clicks)));
  } catch (error) {
    if (Date.now() - q.lastSpoolLog > 60_000) {
      q.lastSpoolLog = Date.now();
      log.error("event spool write failed; events kept in memory", { dir: q.spool.dir, ...errorFields(error) });
    }
  }
  taken.forEach((rows, i) => {
    settle(q, rows.visits, rows.clicks, false);
    if (i < stored) q.spooledEvents += eventsIn(rows.visits, rows.clicks);
  });
  // Put back, oldest first at the front: unshift in reverse.
  for (let i = taken.length - 1; i >= stored; i -= 1) {
    q.visits.unshift(...taken[i].visits);
    q.clicks.unshift(...taken[i].clicks);
  }
  if (stored < taken.length && (await q.spool.size()) > 0 && Date.now() - q.lastSpoolLog > 60_000) {
    q.lastSpoolLog = Date.now();
    log.warn("event spool full; events kept in memory up to EVENT_QUEUE_MAX, then dropped", { spoolBytes: await q.spool.size(), max: q.spool.maxBytes, queued: size(q) });
  }
}

/** Outage: spool what is queued; when the backoff allows, write the spool's batches in order. */
async function drainSpool(q: Queue, due: boolean): Promise<boolean> {
  await spoolQueued(q);
  if (!due) return false;
  try {
    const replayed = await q.spool.replay(async (batch) => {
      const fresh = await write(batch.visits, batch.clicks, batch.id);
      const count = eventsIn(batch.visits, batch.clicks);
      if (fresh) q.written += count;
      q.spooledEvents = Math.max(0, q.spooledEvents - count);
      return fresh;
    });
    if (replayed.skipped) log.info("spooled batches already written were skipped", { batches: replayed.skipped });
    if (replayed.batches) await forgetOldBatches();
    noteSuccess(q);
  } catch (error) {
    noteFailure(q, error, { spoolBytes: await q.spool.size() });
    return false;
  }
  if (await q.spool.pending()) return false;
  leaveOutage(q);
  return writeQueued(q);
}

/**
 * Writes what is queued, batch by batch (waiting for a write already under way first), and stops at
 * the first failure. During a backoff it writes nothing unless `force` (shutdown, tests).
 */
export async function flushEvents(options: { force?: boolean } = {}): Promise<void> {
  const q = queue();
  while (q.flushing) await q.flushing;
  const due = Boolean(options.force) || Date.now() >= q.retryAt;
  if (!due && !q.outage) return;
  q.flushing = q.outage ? drainSpool(q, due) : writeQueued(q);
  try {
    await q.flushing;
  } finally {
    q.flushing = null;
  }
}

async function writeQueued(q: Queue): Promise<boolean> {
  // Only what is queued now: under steady load the queue would never be empty.
  let batches = Math.ceil((q.visits.length + q.clicks.length) / batchMax());
  for (; batches > 0 && q.visits.length + q.clicks.length > 0; batches -= 1) {
    if (!(await writeBatch(q))) {
      enterOutage(q);
      await spoolQueued(q);
      return false;
    }
    if (batches > 1) await yieldToVisitors();
  }
  return true;
}

/**
 * At start: batches left in the spool by a process that died (or by this data directory's last
 * run) are written as soon as the database answers.
 */
export async function resumeSpool(): Promise<void> {
  const q = queue();
  if (!(await q.spool.pending())) return;
  log.info("event spool found; writing it", { dir: q.spool.dir, bytes: await q.spool.size() });
  enterOutage(q);
  await flushEvents({ force: true });
}

/**
 * Shutdown: writes what is queued; if the database can't take it, the spool does (fsync'd), and
 * only what neither took in time is lost (counted and logged).
 */
export async function drainEvents(deadlineMs: number): Promise<void> {
  const q = queue();
  const until = Date.now() + deadlineMs;
  for (;;) {
    await flushEvents({ force: true });
    if (q.visits.length + q.clicks.length === 0) break;
    const left = eventsIn(q.visits, q.clicks);
    const wait = Math.min(backoffMs(q.failures), until - Date.now());
    if (wait <= 0) {
      q.dropped += left;
      log.error("events not written before exit", { events: left, dropped: q.dropped });
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  if (q.spooledEvents > 0) log.warn("events left in the spool; the next start writes them", { events: q.spooledEvents, dir: q.spool.dir });
  leaveOutage(q);
  await q.spool.close();
}

/** Events (each visit a row counts, each click) queued, dropped and written. */
export function eventQueueStats(): { queued: number; spooled: number; dropped: number; written: number } {
  const q = queue();
  const queued = eventsIn(q.visits, q.clicks) + q.inFlightEvents;
  return { queued, spooled: q.spooledEvents, dropped: q.dropped, written: q.written };
}

/** Seconds since the oldest event still waiting in memory happened (0 when none waits): /metrics. */
export function eventQueueOldestAgeSeconds(now = Date.now()): number {
  const q = queue();
  const oldest = Math.min(oldestOf(q.visits, q.clicks), q.inFlightSince);
  return oldest === Infinity ? 0 : Math.max(0, (now - oldest) / 1000);
}
