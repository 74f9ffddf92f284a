import { tunable } from "../config";
import { eventSql } from "../db/open";
import { errorFields, log } from "../log";
import { memoByString, shared } from "../shared";
import { insertClicks, insertVisits } from "./insert-events";
import { clickHooksOf, enqueueClickEvents } from "../webhooks/clicked";
import { rollupDeltas, upsertRollups, type ClickRow, type VisitRow } from "./rollups";

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
  dropped: number;
  written: number;
  /** Consecutive failed writes; 0 when the last write succeeded. */
  failures: number;
  /** No timed or size-triggered write before this (the backoff after a failure). */
  retryAt: number;
  lastDropLog: number;
  lastFailureLog: number;
  flushing: Promise<boolean> | null;
  timer?: NodeJS.Timeout;
}

function queue(): Queue {
  return shared("eventQueue", () => {
    const q: Queue = { visits: [], openVisits: new Map(), lastVisit: null, clicks: [], inFlight: 0, inFlightEvents: 0, dropped: 0, written: 0, failures: 0, retryAt: 0, lastDropLog: 0, lastFailureLog: 0, flushing: null };
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
  if (q.visits.length + q.clicks.length >= BATCH_TRIGGER && !q.flushing && Date.now() >= q.retryAt) void flushEvents();
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

async function write(visits: VisitRow[], clicks: ClickRow[]): Promise<void> {
  const sql = await eventSql();
  const hooks = await clickHooksOf(visits);
  await sql.transaction(async (query) => {
    await insertVisits(query, visits);
    await insertClicks(query, clicks);
    await upsertRollups(query, rollupDeltas(visits, clicks));
    if (hooks.length) await enqueueClickEvents(query, visits, hooks);
  });
}

export function backoffMs(failures: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, failures - 1));
}

/** Writes one batch from the front of the queue; a failed batch goes back to the front. */
function writeBatch(q: Queue): Promise<boolean> {
  const max = batchMax();
  const visits = q.visits.splice(0, max);
  const clicks = q.clicks.splice(0, max - visits.length);
  // A row taken by a write never grows again (a failed write puts it back as it was written).
  q.openVisits.clear();
  q.lastVisit = null;
  const rows = visits.length + clicks.length;
  const count = visits.reduce((sum, v) => sum + v.visits, 0) + clicks.length;
  q.inFlight = rows;
  q.inFlightEvents = count;
  return write(visits, clicks).then(
    () => {
      q.written += count;
      if (q.failures > 0) log.info("event writes resumed", { afterFailures: q.failures, queued: size(q) - rows });
      q.failures = 0;
      q.retryAt = 0;
      return true;
    },
    (error: unknown) => {
      q.visits.unshift(...visits);
      q.clicks.unshift(...clicks);
      q.failures += 1;
      const wait = backoffMs(q.failures);
      q.retryAt = Date.now() + wait;
      if (q.failures === 1 || Date.now() - q.lastFailureLog > 10_000) {
        q.lastFailureLog = Date.now();
        log.warn("event batch failed; kept and retried", { events: count, rows, queued: size(q), failures: q.failures, retryInMs: wait, ...errorFields(error) });
      }
      return false;
    },
  ).finally(() => {
    q.inFlight = 0;
    q.inFlightEvents = 0;
  });
}

/**
 * Writes what is queued, batch by batch (waiting for a write already under way first), and stops at
 * the first failure. During a backoff it writes nothing unless `force` (shutdown, tests).
 */
export async function flushEvents(options: { force?: boolean } = {}): Promise<void> {
  const q = queue();
  while (q.flushing) await q.flushing;
  if (!options.force && Date.now() < q.retryAt) return;
  q.flushing = writeQueued(q);
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
    if (!(await writeBatch(q))) return false;
    if (batches > 1) await yieldToVisitors();
  }
  return true;
}

/** Shutdown: keeps retrying (with the backoff) until the queue is written or the deadline passes. */
export async function drainEvents(deadlineMs: number): Promise<void> {
  const q = queue();
  const until = Date.now() + deadlineMs;
  for (;;) {
    await flushEvents({ force: true });
    if (q.visits.length + q.clicks.length === 0) return;
    const left = q.visits.reduce((sum, v) => sum + v.visits, 0) + q.clicks.length;
    const wait = Math.min(backoffMs(q.failures), until - Date.now());
    if (wait <= 0) {
      q.dropped += left;
      log.error("events not written before exit", { events: left, dropped: q.dropped });
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Events (each visit a row counts, each click) queued, dropped and written. */
export function eventQueueStats(): { queued: number; dropped: number; written: number } {
  const q = queue();
  const queued = q.visits.reduce((sum, v) => sum + v.visits, 0) + q.clicks.length + q.inFlightEvents;
  return { queued, dropped: q.dropped, written: q.written };
}
