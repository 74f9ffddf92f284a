import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// A backup streams: the database goes to the file in bounded memory, not as a tarball in the
// server's heap. 64 MB of random (incompressible) bytes are stored, then a backup is written while
// the process's memory is sampled; a copy held whole would add at least the database's size.
// Then: the last success is what /metrics reports, and a backup that cannot fit is refused first.

let env: Awaited<ReturnType<typeof openTestDb>>;
const dir = mkdtempSync(path.join(tmpdir(), "hop-backup-stream-"));
const STORED_MB = 64;

before(async () => {
  env = await openTestDb();
});
after(async () => {
  await env.close();
  rmSync(dir, { recursive: true, force: true });
});

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const memory = () => {
  const used = process.memoryUsage();
  return used.heapUsed + used.external;
};

test(`a backup of ${STORED_MB} MB of incompressible rows holds far less than that in the process`, async () => {
  await env.db.$executeRawUnsafe(`CREATE TABLE "BackupFill" (id int PRIMARY KEY, bytes bytea)`);
  // 1 MB a row, made by the database itself: nothing of it passes through this process.
  for (let i = 0; i < STORED_MB; i += 1) {
    await env.db.$executeRawUnsafe(`INSERT INTO "BackupFill" SELECT ${i}, decode(string_agg(lpad(to_hex((random() * 4294967295)::bigint), 8, '0'), ''), 'hex') FROM generate_series(1, 262144)`);
  }
  const { writeBackup } = await import("../../lib/backup/write-backup");
  // Live memory, not garbage: V8 collects spent buffers only every few tens of MB, so each sample
  // is taken right after a full collection.
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  gc();
  const before = memory();
  let peak = before;
  const sampler = setInterval(() => {
    gc();
    peak = Math.max(peak, memory());
  }, 250);
  const result = await writeBackup(path.join(dir, "hop.tar"));
  clearInterval(sampler);
  assert.ok(result.bytes > STORED_MB * 1024 * 1024, `the backup holds the rows (${mb(result.bytes)} MB)`);
  // Half the database: a copy held whole adds all of it; the streams' own buffers and PGlite's
  // WebAssembly memory (counted in `external`) stay well below: alone this reads near 0 MB, and
  // 22 MB was seen once in a CI pass on a loaded slow machine.
  assert.ok(peak - before < (STORED_MB / 2) * 1024 * 1024, `live heap and buffers grew ${mb(peak - before)} MB during the backup`);
});

test("the last success is recorded for /metrics; a second backup at once is refused; one that cannot fit is refused before it starts", async () => {
  const { lastBackupSuccess } = await import("../../lib/backup/last-success");
  const recorded = lastBackupSuccess();
  assert.ok(recorded !== null && Math.abs(recorded - Date.now() / 1000) < 120, String(recorded));
  const { writeBackup } = await import("../../lib/backup/write-backup");
  const first = writeBackup(path.join(dir, "first.tar"));
  await assert.rejects(writeBackup(path.join(dir, "second.tar")), /already being written/);
  await first;
  const { assertRoom } = await import("../../lib/backup/room");
  assert.throws(() => assertRoom(dir, Number.MAX_SAFE_INTEGER, "a backup of this 1 MB database"), /Not enough disk space for a backup of this 1 MB database: it needs about [\d,]+ MB in .+, and [\d,]+ MB are free/);
});
