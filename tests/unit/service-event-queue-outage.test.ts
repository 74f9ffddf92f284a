import assert from "node:assert/strict";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { missingPostgres, startOwnPostgres, type OwnPostgres } from "../../scripts/harness/own-services";

// While the database is down, queued events go to the spool on disk (DATA_DIR/spool), not to
// memory; they are written, in order and once, when it returns. Past the spool's cap they stay in
// memory up to EVENT_QUEUE_MAX, and only past that are new ones dropped and counted.
process.env.EVENT_QUEUE_MAX = "60";
process.env.EVENT_FLUSH_MS = "600000";
// Room for one batch of 20 visits (~3.9 KB of JSON), not two.
process.env.EVENT_SPOOL_MAX_BYTES = "6000";
process.env.HOP_LOG = "silent";
const skip = missingPostgres();
let pg: OwnPostgres;
let dataDir: string;
before(async () => {
  if (skip) return;
  pg = await startOwnPostgres();
  dataDir = mkdtempSync(path.join(tmpdir(), "hop-svc-"));
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = pg.url;
  delete process.env.REDIS_URL;
});
after(async () => {
  if (skip) return;
  const { closeDb } = await import("../../lib/db/open");
  await closeDb().catch(() => undefined);
  await pg.remove();
});

function visitAt(i: number) {
  return { linkId: `L${i % 3}`, accountId: "a", at: new Date(Date.parse("2026-11-20T10:30:00Z") + i * 1000), country: "US", city: null, device: "mobile", platform: "ios", browser: null, referrer: null, redirected: true };
}

test("through an outage events go to the spool and are written once; past its cap memory holds them, past that they are dropped", { skip }, async () => {
  const { recordVisit } = await import("../../lib/events/record");
  const { flushEvents } = await import("../../lib/events/flush-events");
  const { eventQueueStats } = await import("../../lib/events/event-queue");
  const { backoffMs } = await import("../../lib/events/write-events");
  const { db } = await import("../../lib/db/open");
  const client = await db();
  for (let i = 0; i < 20; i += 1) recordVisit(visitAt(i));
  await pg.stop();
  await flushEvents({ force: true });
  assert.deepEqual(eventQueueStats(), { queued: 0, spooled: 20, dropped: 0, written: 0 }, "the failed batch went to the spool");
  const spoolFiles = readdirSync(path.join(dataDir, "spool"));
  assert.equal(spoolFiles.length, 1);
  assert.match(spoolFiles[0], new RegExp(`^events-${process.pid}-\\d+-\\d+\\.jsonl$`));
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await flushEvents({ force: true });
    assert.deepEqual(eventQueueStats(), { queued: 0, spooled: 20, dropped: 0, written: 0 }, `after failed attempt ${attempt + 2}`);
  }
  for (let i = 20; i < 40; i += 1) recordVisit(visitAt(i));
  await flushEvents();
  assert.deepEqual(eventQueueStats(), { queued: 20, spooled: 20, dropped: 0, written: 0 }, "the spool is full: the next 20 stay in memory");
  for (let i = 40; i < 90; i += 1) recordVisit(visitAt(i));
  assert.deepEqual(eventQueueStats(), { queued: 60, spooled: 20, dropped: 10, written: 0 }, "memory holds 60; only past it are events dropped");
  await pg.start();
  await flushEvents({ force: true });
  assert.deepEqual(eventQueueStats(), { queued: 0, spooled: 0, dropped: 10, written: 80 });
  assert.deepEqual(readdirSync(path.join(dataDir, "spool")), [], "a written spool file is removed");
  assert.equal(await client.visitEvent.count(), 80);
  const times = (await client.visitEvent.findMany({ orderBy: { id: "asc" }, select: { occurredAt: true } })).map((r) => r.occurredAt.getTime());
  assert.deepEqual(times, [...times].sort((a, b) => a - b), "written in the order they came: the spool first, then memory");
  const totals = await client.eventRollup.findMany({ where: { dimension: "" } });
  assert.equal(totals.reduce((sum, r) => sum + r.views, 0), 80, "rollups written with the events, once");
  assert.equal(await client.eventBatch.count(), 1, "the spooled batch's id is recorded with it");
  assert.deepEqual([1, 2, 3, 4, 5, 6, 10].map(backoffMs), [250, 500, 1000, 2000, 4000, 5000, 5000], "backoff doubles from 250 ms, capped at 5 s");
});
