import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { missingPostgres, startOwnPostgres, type OwnPostgres } from "../../scripts/harness/own-services";

// A batch that fails while the database is down stays queued and is written when it returns,
// however many failed attempts came between; only events past the bound are dropped.
process.env.EVENT_QUEUE_MAX = "60";
process.env.EVENT_FLUSH_MS = "600000";
process.env.HOP_LOG = "silent";
const skip = missingPostgres();
let pg: OwnPostgres;
before(async () => {
  if (skip) return;
  pg = await startOwnPostgres();
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "hop-svc-"));
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

test("through an outage no event is lost; past the bound new ones are dropped and counted", { skip }, async () => {
  const { recordVisit, flushEvents, eventQueueStats, backoffMs } = await import("../../lib/events/record");
  const { db } = await import("../../lib/db/open");
  const client = await db();
  for (let i = 0; i < 50; i += 1) recordVisit(visitAt(i));
  await pg.stop();
  for (let attempt = 0; attempt < 4; attempt += 1) {
    await flushEvents({ force: true });
    assert.deepEqual(eventQueueStats(), { queued: 50, dropped: 0, written: 0 }, `after failed attempt ${attempt + 1}`);
  }
  await flushEvents();
  assert.equal(eventQueueStats().queued, 50, "a timed flush during the backoff writes nothing and keeps everything");
  for (let i = 50; i < 70; i += 1) recordVisit(visitAt(i));
  assert.deepEqual(eventQueueStats(), { queued: 60, dropped: 10, written: 0 }, "only past the bound of 60 are events dropped");
  await pg.start();
  await flushEvents({ force: true });
  assert.deepEqual(eventQueueStats(), { queued: 0, dropped: 10, written: 60 });
  assert.equal(await client.visitEvent.count(), 60);
  const totals = await client.eventRollup.findMany({ where: { dimension: "" } });
  assert.equal(totals.reduce((sum, r) => sum + r.views, 0), 60, "rollups written with the events, once");
  assert.deepEqual([1, 2, 3, 4, 5, 6, 10].map(backoffMs), [250, 500, 1000, 2000, 4000, 5000, 5000], "backoff doubles from 250 ms, capped at 5 s");
});
