import { databaseDown, noteDatabaseFailure } from "../db/outage";
import { eventSql } from "../db/open";
import { errorFields, log } from "../log";
import { clickHooksOf, enqueueClickEvents } from "../webhooks/clicked";
import { size, type Queue } from "./event-queue";
import { insertClicks, insertVisits } from "./insert-events";
import { rollupDeltas, upsertRollups, upsertVisitorDays, type ClickRow, type VisitRow } from "./rollups";
import type { SpoolBatch } from "./spool";

// One batch of rows written: the rows, their hourly rollups and their link.clicked deliveries in
// one transaction; spooled batches carry ids so that a replay after a crash writes each once (a
// replay writes many consecutive batches in one transaction, each claimed by its id).
// A failed write is retried with a capped exponential backoff (250 ms doubling to 5 s).

const isPerson = (v: VisitRow) => !v.bot;

const BACKOFF_FIRST_MS = 250;
const BACKOFF_MAX_MS = 5_000;

/** Writes rows in one transaction. */
export async function writeRows(visits: VisitRow[], clicks: ClickRow[]): Promise<void> {
  const sql = await eventSql();
  // link.clicked is a person's click: bots' requests are recorded, never delivered.
  const people = visits.filter(isPerson);
  const hooks = await clickHooksOf(people);
  await sql.transaction(async (query) => {
    await insertVisits(query, visits);
    await insertClicks(query, clicks);
    await upsertRollups(query, rollupDeltas(visits, clicks));
    await upsertVisitorDays(query, visits);
    if (hooks.length && people.length) await enqueueClickEvents(query, people, hooks);
  });
}

const CLAIM_BATCHES = `INSERT INTO "EventBatch" ("id") SELECT unnest($1::text[]) ON CONFLICT DO NOTHING RETURNING "id"`;

/** Spooled batches written in one transaction, each once: those whose id was written before are skipped. The new ones. */
export async function writeSpooled(batches: SpoolBatch[]): Promise<SpoolBatch[]> {
  const sql = await eventSql();
  const hooks = await clickHooksOf(batches.flatMap((batch) => batch.visits).filter(isPerson));
  let written: SpoolBatch[] = [];
  await sql.transaction(async (query) => {
    const claimed = new Set(((await query(CLAIM_BATCHES, [batches.map((batch) => batch.id)])) as Array<{ id: string }>).map((row) => row.id));
    written = batches.filter((batch) => claimed.has(batch.id));
    const visits = written.flatMap((batch) => batch.visits);
    const clicks = written.flatMap((batch) => batch.clicks);
    await insertVisits(query, visits);
    await insertClicks(query, clicks);
    await upsertRollups(query, rollupDeltas(visits, clicks));
    await upsertVisitorDays(query, visits);
    const people = visits.filter(isPerson);
    if (hooks.length && people.length) await enqueueClickEvents(query, people, hooks);
  });
  return written;
}

/** A batch's id matters only until its spool file is gone; a month covers any crash in between. */
export async function forgetOldBatches(): Promise<void> {
  await (await eventSql()).transaction(async (query) => void (await query(`DELETE FROM "EventBatch" WHERE "writtenAt" < now() - interval '30 days'`, [])));
}

export function backoffMs(failures: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, failures - 1));
}

export function noteFailure(q: Queue, error: unknown, what: Record<string, unknown>): void {
  q.failures += 1;
  const wait = backoffMs(q.failures);
  q.retryAt = Date.now() + wait;
  // An unreachable database is the outage's to report (lib/db/outage: its lines carry the spool's figures).
  if (noteDatabaseFailure(error)) return;
  if (q.failures === 1 || Date.now() - q.lastFailureLog > 10_000) {
    q.lastFailureLog = Date.now();
    log.warn("event batch failed; kept and retried", { ...what, queued: size(q), spooled: q.spooledEvents, failures: q.failures, retryInMs: wait, ...errorFields(error) });
  }
}

export function noteSuccess(q: Queue): void {
  if (q.failures > 0 && !databaseDown()) log.info("event writes resumed", { afterFailures: q.failures, queued: size(q) });
  q.failures = 0;
  q.retryAt = 0;
}
