import { addOutageFigures } from "../db/outage";
import { tunable } from "../config";
import { errorFields, log } from "../log";
import { newBatch, type SpoolBatch } from "./spool";
import { eventQueue, eventsIn, settle, size, takeBatch, type Queue, batchMax } from "./event-queue";
import { backoffMs, forgetOldBatches, noteFailure, noteSuccess, writeRows, writeSpooled } from "./write-events";
import type { ClickRow, VisitRow } from "./rollups";

// Emptying the event queue (lib/events/event-queue.ts): every EVENT_FLUSH_MS, or at once when
// BATCH_TRIGGER rows wait, batch by batch with the event loop let through between batches. A batch
// that fails to write goes back to the front of the queue. When the database can't be reached the
// queue goes to the spool on local disk (lib/events/spool.ts) every SPOOL_EVERY_MS, and the spool
// is written, in order and each batch once, when the database answers again; only then does the
// queue go to the database directly again. At shutdown what is queued is written or spooled.

const FLUSH_MS = tunable("EVENT_FLUSH_MS");
const BATCH_TRIGGER = 2_000;
/** During an outage, what is queued goes to the spool this often (and at BATCH_TRIGGER rows). */
const SPOOL_EVERY_MS = 100;
const yieldToVisitors = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The queue, with its flush timer running (recording starts it). */
export function runningQueue(): Queue {
  const q = eventQueue();
  if (!q.timer) {
    q.timer = setInterval(() => void flushEvents(), FLUSH_MS);
    q.timer.unref();
    // The outage's log lines say how many events wait on disk and in memory.
    addOutageFigures(() => ({ queuedEvents: size(q), spooledEvents: q.spooledEvents }));
  }
  return q;
}

/** A write now rather than at the next tick, once a batch's worth waits (never during a backoff). */
export function nudge(q: Queue): void {
  if (q.visits.length + q.clicks.length >= BATCH_TRIGGER && !q.flushing && (q.outage || Date.now() >= q.retryAt)) void flushEvents();
}

/** Writes one batch from the front of the queue; a failed batch goes back to the front. */
async function writeBatch(q: Queue): Promise<boolean> {
  const { visits, clicks } = takeBatch(q);
  const count = eventsIn(visits, clicks);
  try {
    await writeRows(visits, clicks);
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
    const events = (batches: SpoolBatch[]) => batches.reduce((sum, batch) => sum + eventsIn(batch.visits, batch.clicks), 0);
    const replayed = await q.spool.replay(async (batches) => {
      const fresh = await writeSpooled(batches);
      q.written += events(fresh);
      q.spooledEvents = Math.max(0, q.spooledEvents - events(batches));
      return fresh.length;
    }, batchMax());
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
  const q = runningQueue();
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
  const q = runningQueue();
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
  const q = runningQueue();
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
