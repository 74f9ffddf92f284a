import path from "node:path";
import { config, tunable } from "../config";
import { log } from "../log";
import { shared } from "../shared";
import type { VisitInput } from "./record";
import type { ClickRow, VisitRow } from "./rollups";
import { Spool } from "./spool";

// The queue of visits and clicks waiting to be written (lib/events/record.ts fills it,
// lib/events/flush-events.ts empties it): rows in order, the rows being written, and the counts
// /metrics and the health answer read. Bounded in rows, not events — a row counting many identical
// visits is one — and rows being written count against the bound too; past EVENT_QUEUE_MAX rows
// new events are dropped, counted and logged (at most once a minute). The default 1,000,000 holds
// a 30 s outage at the bench's ~16,000 visits a second with the backoff and the drain after it
// (`npm run bench -- outage`).

const MAX_QUEUED = tunable("EVENT_QUEUE_MAX");

export interface Queue {
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

/** The process's one queue (its timers are started by lib/events/flush-events.ts). */
export function eventQueue(): Queue {
  return shared("eventQueue", () => {
    const spool = new Spool(path.join(config().dataDir, "spool"), tunable("EVENT_SPOOL_MAX_BYTES"));
    return { visits: [], openVisits: new Map(), lastVisit: null, clicks: [], inFlight: 0, inFlightEvents: 0, inFlightSince: Infinity, dropped: 0, written: 0, failures: 0, retryAt: 0, lastDropLog: 0, lastFailureLog: 0, lastSpoolLog: 0, flushing: null, outage: false, spool, spooledEvents: 0 } satisfies Queue;
  });
}

/**
 * One transaction writes at most this many rows; a backlog drains in several, with the event loop
 * let through between them. On PGlite every statement runs on the server's own thread, so a batch
 * is a stall of every visitor; on PostgreSQL the encoding of 10,000 rows' arrays (and its garbage)
 * was still the cached redirect's p99 (docs/decisions/020-event-rows-coalesced.md).
 */
export function batchMax(): number {
  return tunable("EVENT_BATCH_MAX");
}

/** Rows held (the bound is on memory: a row counting many visits is one). */
export function size(q: Queue): number {
  return q.visits.length + q.clicks.length + q.inFlight;
}

/** Room for one more row; past the bound the event is dropped and counted. */
export function accept(q: Queue): boolean {
  if (size(q) < MAX_QUEUED) return true;
  q.dropped += 1;
  if (Date.now() - q.lastDropLog > 60_000) {
    q.lastDropLog = Date.now();
    log.warn("event queue full; dropping events", { dropped: q.dropped, max: MAX_QUEUED });
  }
  return false;
}

export const eventsIn = (visits: VisitRow[], clicks: ClickRow[]) => visits.reduce((sum, v) => sum + v.visits, 0) + clicks.length;

const epochMs = (at: Date | number) => (typeof at === "number" ? at : at.getTime());

/** When the first row of either list happened (rows are queued in order), Infinity when both are empty. */
function oldestOf(visits: VisitRow[], clicks: ClickRow[]): number {
  return Math.min(visits.length ? epochMs(visits[0].occurredAt) : Infinity, clicks.length ? epochMs(clicks[0].occurredAt) : Infinity);
}

/** Takes up to one batch of rows from the front of the queue (they count as in flight). */
export function takeBatch(q: Queue): { visits: VisitRow[]; clicks: ClickRow[] } {
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

/** Rows a write took are done with: written, or (`putBack`) returned to the front of the queue. */
export function settle(q: Queue, visits: VisitRow[], clicks: ClickRow[], putBack: boolean): void {
  q.inFlight -= visits.length + clicks.length;
  q.inFlightEvents -= eventsIn(visits, clicks);
  if (q.inFlight === 0) q.inFlightSince = Infinity;
  if (!putBack) return;
  q.visits.unshift(...visits);
  q.clicks.unshift(...clicks);
}

/** Events (each visit a row counts, each click) queued, dropped and written. */
export function eventQueueStats(): { queued: number; spooled: number; dropped: number; written: number } {
  const q = eventQueue();
  const queued = eventsIn(q.visits, q.clicks) + q.inFlightEvents;
  return { queued, spooled: q.spooledEvents, dropped: q.dropped, written: q.written };
}

/** Seconds since the oldest event still waiting in memory happened (0 when none waits): /metrics. */
export function eventQueueOldestAgeSeconds(now = Date.now()): number {
  const q = eventQueue();
  const oldest = Math.min(oldestOf(q.visits, q.clicks), q.inFlightSince);
  return oldest === Infinity ? 0 : Math.max(0, (now - oldest) / 1000);
}
