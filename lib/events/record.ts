import { db } from "../db/open";
import { errorFields, log } from "../log";
import { shared } from "../shared";
import { insertClicks, insertVisits } from "./insert-events";
import { rollupDeltas, upsertRollups, type ClickRow, type VisitRow } from "./rollups";

// Visits and clicks are queued in memory and written in batches (one multi-row insert per table,
// plus the hourly rollups, in one transaction), so recording never delays an answer. The queue is
// bounded: past EVENT_QUEUE_MAX, events are dropped, counted, and logged at most once a minute.
// A batch that fails is put back once; failing again, it is dropped and counted.

const MAX_QUEUED = Number(process.env.EVENT_QUEUE_MAX ?? 100_000);
const FLUSH_MS = Number(process.env.EVENT_FLUSH_MS ?? 500);
const BATCH_TRIGGER = 2_000;

interface Queue {
  visits: VisitRow[];
  clicks: ClickRow[];
  retry: { visits: VisitRow[]; clicks: ClickRow[] } | null;
  dropped: number;
  written: number;
  lastDropLog: number;
  flushing: Promise<void> | null;
  timer?: NodeJS.Timeout;
}

function queue(): Queue {
  return shared("eventQueue", () => {
    const q: Queue = { visits: [], clicks: [], retry: null, dropped: 0, written: 0, lastDropLog: 0, flushing: null };
    q.timer = setInterval(() => void flushEvents(), FLUSH_MS);
    q.timer.unref();
    return q;
  });
}

function referrerDomain(referrer: string | null): string {
  if (!referrer) return "direct";
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

function accept(q: Queue): boolean {
  if (q.visits.length + q.clicks.length < MAX_QUEUED) return true;
  q.dropped += 1;
  if (Date.now() - q.lastDropLog > 60_000) {
    q.lastDropLog = Date.now();
    log.warn("event queue full; dropping events", { dropped: q.dropped, max: MAX_QUEUED });
  }
  return false;
}

function nudge(q: Queue): void {
  if (q.visits.length + q.clicks.length >= BATCH_TRIGGER && !q.flushing) void flushEvents();
}

export interface VisitInput {
  linkId: string;
  accountId: string;
  at: Date;
  country: string | null;
  city: string | null;
  device: string;
  platform: string;
  browser: string | null;
  referrer: string | null;
  redirected: boolean;
}

export function recordVisit(v: VisitInput): void {
  const q = queue();
  if (!accept(q)) return;
  q.visits.push({
    linkId: v.linkId,
    accountId: v.accountId,
    occurredAt: v.at,
    country: countryOf(v.country),
    city: v.city ? v.city.slice(0, 100) : null,
    device: v.device,
    platform: v.platform,
    browser: v.browser?.slice(0, 100) ?? null,
    referrer: referrerDomain(v.referrer),
    redirected: v.redirected,
  });
  nudge(q);
}

export interface ClickInput {
  linkId: string;
  accountId: string;
  at: Date;
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
    occurredAt: c.at,
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
  const client = await db();
  await client.$transaction(async (tx) => {
    await insertVisits(tx, visits);
    await insertClicks(tx, clicks);
    await upsertRollups(tx, rollupDeltas(visits, clicks));
  });
}

/** Writes everything queued so far (waits for a flush already under way, then writes the rest). */
export async function flushEvents(): Promise<void> {
  const q = queue();
  while (q.flushing) await q.flushing;
  const retry = q.retry;
  const visits = [...(retry?.visits ?? []), ...q.visits];
  const clicks = [...(retry?.clicks ?? []), ...q.clicks];
  q.retry = null;
  q.visits = [];
  q.clicks = [];
  if (visits.length === 0 && clicks.length === 0) return;
  q.flushing = write(visits, clicks)
    .then(() => {
      q.written += visits.length + clicks.length;
    })
    .catch((error: unknown) => {
      if (retry) {
        q.dropped += visits.length + clicks.length;
        log.error("event batch dropped after a retry", { events: visits.length + clicks.length, ...errorFields(error) });
      } else {
        q.retry = { visits, clicks };
        log.warn("event batch failed; will retry", { events: visits.length + clicks.length, ...errorFields(error) });
      }
    })
    .finally(() => {
      q.flushing = null;
    });
  await q.flushing;
}

export function eventQueueStats(): { queued: number; dropped: number; written: number } {
  const q = queue();
  return { queued: q.visits.length + q.clicks.length + (q.retry ? q.retry.visits.length + q.retry.clicks.length : 0), dropped: q.dropped, written: q.written };
}
