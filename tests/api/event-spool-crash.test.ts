import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { api } from "../helpers/api";
import { admin, startServer, usingPostgres, type HopServer } from "../../scripts/harness/hop-server";
import { missingPostgres, startOwnPostgres, type OwnPostgres } from "../../scripts/harness/own-services";
import { BROWSER_UA, PRIMARY } from "../helpers/visit";
import { scalar } from "../helpers/sql-scalar";

// The spool (docs/events.md): PostgreSQL of this file's own is stopped, 50,000 visits are answered,
// the server is killed with SIGKILL, started again while the database is still down (it waits
// for it), then the database is started: every one of the 50,000 events is recorded exactly once.
// Putting the written spool files back and starting once more writes nothing twice.
// It brings its own PostgreSQL in either pass, so it runs once: in the PostgreSQL + Redis pass.
const skip = missingPostgres() || (!usingPostgres && "runs in the PostgreSQL + Redis pass (the server under test is on a PostgreSQL of its own either way)");
const VISITS = 50_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `count` visits over a few kept-alive connections, each with one of 500 referrers (many rows). */
async function visits(server: HopServer, slug: string, count: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 12 });
  let next = 0;
  let redirected = 0;
  const one = (i: number) =>
    new Promise<number>((resolve, reject) => {
      const headers = { host: PRIMARY, "user-agent": BROWSER_UA, referer: `https://r${i % 500}.example/` };
      const req = http.get({ host: "127.0.0.1", port: server.port, path: `/${slug}`, headers, agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", reject);
    });
  await Promise.all(
    Array.from({ length: 12 }, async () => {
      while (next < count) {
        const status = await one(next++);
        if (status === 302) redirected += 1;
      }
    }),
  );
  agent.destroy();
  return redirected;
}

async function health(server: HopServer): Promise<{ queued: number; spooled: number; dropped: number; written: number }> {
  return (await api(server, "GET", "/api/health")).body.events;
}

describe("events survive a crash during a database outage", { skip }, () => {
  let db: OwnPostgres;
  let first: HopServer;
  let second: HopServer | undefined;
  let third: HopServer | undefined;
  const kept = mkdtempSync(path.join(tmpdir(), "hop-spool-copy-"));
  before(async () => {
    db = await startOwnPostgres();
    first = await startServer({ env: { DATABASE_URL: db.url, REDIS_URL: "" } });
  });
  after(async () => {
    await third?.stop();
    await second?.stop();
    await first?.stop();
    await db?.remove();
    rmSync(kept, { recursive: true, force: true });
  });

  test(`${VISITS.toLocaleString("en")} visits answered while PostgreSQL is down, SIGKILL, restart: each recorded exactly once`, async () => {
    const email = "spool@example.test";
    await admin(first, "account", "create", "--email", email, "--password", "correct horse battery", "--plan", "unlimited");
    const { key } = (await admin(first, "key", "create", "--email", email, "--role", "full")) as { key: string };
    assert.equal((await api(first, "POST", "/v1/links", { key, body: { url: "https://example.com/spooled", slug: "spooled" } })).status, 201);
    // Cached before the outage (the visitor path answers from its cache while the database is away).
    assert.equal(await visits(first, "spooled", 1), 1);
    while ((await health(first)).written < 1) await pause(100);

    await db.stop();
    assert.equal(await visits(first, "spooled", VISITS), VISITS, "every visit answered with its redirect during the outage");
    // The spool takes what is queued every 100 ms (fsync'd): the queue in memory empties.
    let stats = await health(first);
    for (const until = Date.now() + 10_000; (stats.queued > 0 || stats.spooled < VISITS) && Date.now() < until; ) await pause(50);
    stats = await health(first);
    assert.deepEqual(stats, { queued: 0, spooled: VISITS, dropped: 0, written: 1 });
    const spoolDir = path.join(first.env.DATA_DIR, "spool");
    assert.ok(readdirSync(spoolDir).length >= 1, "the spool is on disk");

    first.process.kill("SIGKILL");
    await new Promise((resolve) => first.process.once("exit", resolve));
    cpSync(spoolDir, kept, { recursive: true });

    // Started again while the database is still down: the start waits for it, then writes the spool.
    const starting = startServer({ reuse: first });
    await pause(2_000);
    await db.start();
    second = await starting;
    const total = `SELECT coalesce(sum(visits), 0) AS n FROM "VisitEvent"`;
    for (const until = Date.now() + 60_000; (await scalar(db.url, total)) < VISITS + 1 && Date.now() < until; ) await pause(250);
    assert.equal(await scalar(db.url, total), VISITS + 1, "every answered visit is counted by the event rows, once");
    assert.equal(await scalar(db.url, `SELECT coalesce(sum(views), 0) AS n FROM "EventRollup" WHERE dimension = ''`), VISITS + 1, "and once in the rollups");
    assert.ok((await scalar(db.url, `SELECT count(*) AS n FROM "VisitEvent"`)) > 500, "as many rows as profiles and seconds (500 referrers)");
    for (const until = Date.now() + 10_000; readdirSync(spoolDir).length > 0 && Date.now() < until; ) await pause(100);
    assert.deepEqual(readdirSync(spoolDir), [], "the written spool is removed");
    const batches = await scalar(db.url, `SELECT count(*) AS n FROM "EventBatch"`);
    assert.ok(batches >= 1, "each spooled batch's id recorded with it");

    // A crash between a batch's commit and its file's removal leaves the file: the batches it holds
    // are written already and are skipped by their ids.
    await second.stop("SIGTERM", { keepData: true });
    cpSync(kept, spoolDir, { recursive: true });
    third = await startServer({ reuse: first });
    for (const until = Date.now() + 30_000; readdirSync(spoolDir).length > 0 && Date.now() < until; ) await pause(100);
    assert.deepEqual(readdirSync(spoolDir), [], "the old files were read and removed");
    assert.equal(await scalar(db.url, total), VISITS + 1, "nothing counted twice");
    assert.equal(await scalar(db.url, `SELECT count(*) AS n FROM "EventBatch"`), batches);
    assert.equal((await health(third)).written, 0, "the third process wrote no event");
  });
});
