import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// A long outage spools a small batch every 100 ms: five minutes are thousands of batches. The
// replay writes many consecutive batches in one transaction, each still written once by its id:
// a batch written before (a process died between its write and its file's removal) is skipped,
// the others of its group go in.

let env: Awaited<ReturnType<typeof openTestDb>>;
const dir = mkdtempSync(path.join(tmpdir(), "hop-spool-replay-"));
before(async () => {
  env = await openTestDb();
});
after(async () => {
  await env.close();
  rmSync(dir, { recursive: true, force: true });
});

const visit = (i: number) => ({ linkId: `L${i % 4}`, accountId: "acc", occurredAt: Date.parse("2026-11-20T10:00:00Z") + i * 100, visits: 1, country: "US", city: null, device: "desktop", platform: "linux", browser: null, referrer: "", redirected: true });

test("300 spooled batches are written in a few transactions, each once; one written before is skipped", async () => {
  const { Spool, newBatch } = await import("../../lib/events/spool");
  const { writeSpooled } = await import("../../lib/events/write-events");
  const spool = new Spool(dir, 64 * 1024 * 1024);
  const batches = Array.from({ length: 300 }, (_, i) => newBatch([visit(i)], []));
  // Appended as an outage appends them: one at a time.
  for (const batch of batches) assert.equal(await spool.append([batch]), 1);
  // The 150th was written by a process that died before removing its file.
  await writeSpooled([batches[149]]);

  let transactions = 0;
  const replayed = await spool.replay(async (group) => {
    transactions += 1;
    return (await writeSpooled(group)).length;
  }, 100);
  assert.deepEqual(replayed, { batches: 299, skipped: 1 });
  assert.equal(transactions, 3, "100 rows a transaction");
  assert.equal(await spool.pending(), false);
  assert.deepEqual(readdirSync(dir), [], "the written segment is removed");
  const visits = await env.db.visitEvent.aggregate({ _sum: { visits: true } });
  assert.equal(visits._sum.visits, 300, "every spooled visit once");
  assert.equal(await env.db.eventBatch.count(), 300);
  const views = await env.db.eventRollup.aggregate({ where: { dimension: "" }, _sum: { views: true } });
  assert.equal(views._sum.views, 300, "and counted once in the rollups");
});
