import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { api, linkAnalyticsWhen } from "../helpers/api";
import { objectsOf, person, send, snapshot, type Objects, type Person } from "../helpers/dashboard-routes";
import { PRIMARY, visit, visitBytes } from "../helpers/visit";
import { cli, freshDatabase, startServer, usingPostgres, type HopServer } from "../../scripts/harness/hop-server";

// `npm run cli -- backup` and `restore` (docs/operations.md, "Backups"): a copy made while
// visitors are being served, brought back into an empty data directory (embedded) or an empty
// database (PostgreSQL), and a second server started on it answers the same links, pages,
// pictures and analytics to the same API key and the same dashboard session.

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An empty target: a new DATA_DIR and, on PostgreSQL, a database with no tables. */
async function emptyTarget(): Promise<{ env: Record<string, string>; remove: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "hop-restore-target-"));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (!usingPostgres) return { env: { DATA_DIR: dataDir }, remove: async () => removeDir() };
  const database = await freshDatabase(undefined, "hop_restore", { empty: true });
  return { env: { DATA_DIR: dataDir, DATABASE_URL: database.url }, remove: async () => (removeDir(), await database.drop()) };
}

async function json(result: { code: number; stdout: string; stderr: string }, what: string): Promise<Record<string, any>> {
  assert.equal(result.code, 0, `${what}: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

describe("npm run cli -- backup / restore", () => {
  let a: HopServer;
  let owner: Person;
  let objects: Objects;
  let imageUrl: string;
  const dir = mkdtempSync(path.join(tmpdir(), "hop-backups-"));
  const file = path.join(dir, "hop.tar");
  const cleanups: Array<() => Promise<void>> = [];

  before(async () => {
    a = await startServer();
    owner = await person(a);
    objects = await objectsOf(a, owner);
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
    const uploaded = await send(a, "POST", `/api/dashboard/drafts/${objects.draft}/images`, { cookie: owner.cookie, raw: png as unknown as string, contentType: "image/png" });
    assert.equal(uploaded.status, 201, uploaded.text);
    imageUrl = uploaded.body.url;
    for (let i = 0; i < 20; i += 1) assert.equal((await visit(a, PRIMARY, `/${objects.slug}`)).status, 302);
    await linkAnalyticsWhen(a, owner.key, objects.link, (body) => body.totalViews === 20);
  });
  after(async () => {
    await a?.stop();
    for (const cleanup of cleanups) await cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  test("a backup made while 100 visits a second are served, restored into an empty target: a second server answers the same", async () => {
    const busy = await api(a, "POST", "/v1/links", { key: owner.key, body: { url: "https://example.com/busy", slug: `busy-${randomBytes(3).toString("hex")}` } });
    assert.equal(busy.status, 201, busy.text);
    // ~100 visits a second, in tens, for as long as the backup takes.
    let running = true;
    let answered = 0;
    const visitors = (async () => {
      while (running) {
        const started = Date.now();
        const answers = await Promise.all(Array.from({ length: 10 }, () => visit(a, PRIMARY, `/${busy.body.data.slug}`)));
        for (const answer of answers) assert.equal(answer.status, 302, "visitors are answered during the backup");
        answered += answers.length;
        await pause(Math.max(0, 100 - (Date.now() - started)));
      }
    })();
    await pause(1_000);
    const duringFrom = answered;
    const made = await json(await cli(a, "backup", "--out", file), "backup");
    const during = answered - duringFrom;
    await pause(500);
    running = false;
    await visitors;
    assert.ok(during > 0, "visits were answered while the backup was made");
    assert.equal(made.file, file);
    assert.equal(made.bytes, statSync(file).size);
    assert.equal(statSync(file).mode & 0o777, 0o600, "the backup holds secrets: its owner's only");
    assert.equal(made.mode, usingPostgres ? "postgres" : "embedded");
    assert.match(made.migration, /^\d{14}_/);
    assert.ok(made.counts.accounts >= 2 && made.counts.links >= 3 && made.counts.pages >= 1 && made.counts.drafts >= 1 && made.counts.images === 1, JSON.stringify(made.counts));
    assert.ok(made.counts.visits >= 20, JSON.stringify(made.counts));

    const before = await snapshot(a, owner);
    const analytics = (await api(a, "GET", `/v1/analytics/links/${objects.link}?timeframe=last_7_days`, { key: owner.key })).body;
    const image = await visitBytes(a, PRIMARY, imageUrl);
    const page = await visit(a, PRIMARY, `/${objects.website}`);
    assert.equal(page.status, 200);

    const target = await emptyTarget();
    cleanups.push(target.remove);
    const restored = await json(await cli({ env: target.env }, "restore", "--in", file), "restore");
    assert.deepEqual(restored.counts, made.counts, "everything counted in the backup is back");
    assert.equal(restored.migration.backup, made.migration);

    const b = await startServer({ env: target.env });
    try {
      assert.equal(await snapshot(b, owner), before, "links, groups, presets, domains, webhooks, profile: the same, read with the old key");
      const restoredAnalytics = (await api(b, "GET", `/v1/analytics/links/${objects.link}?timeframe=last_7_days`, { key: owner.key })).body;
      assert.equal(restoredAnalytics.totalViews, 20);
      assert.deepEqual(restoredAnalytics, analytics, "the link's analytics, whole (read before this server records a visit of its own)");
      const link = await visit(b, PRIMARY, `/${objects.slug}`);
      assert.equal(link.status, 302);
      assert.equal(link.headers.location, "https://example.com/owned");
      const restoredPage = await visit(b, PRIMARY, `/${objects.website}`);
      assert.equal(restoredPage.status, 200);
      assert.match(restoredPage.body, /Secret Owner Page/);
      const restoredImage = await visitBytes(b, PRIMARY, imageUrl);
      assert.equal(restoredImage.status, 200);
      assert.ok(restoredImage.body.equals(image.body), "the uploaded picture's bytes");
      const busyViews = (await api(b, "GET", `/v1/analytics/links/${busy.body.data.id}?timeframe=last_7_days`, { key: owner.key })).body.totalViews;
      assert.ok(busyViews <= answered, `no more visits than were served (${busyViews} of ${answered})`);
      const dashboard = await send(b, "GET", "/links", { cookie: owner.cookie });
      assert.equal(dashboard.status, 200, "the dashboard session, signed by the restored secret");
      assert.ok(dashboard.text.includes(objects.slug), "the dashboard lists the restored links");
    } finally {
      await b.stop();
    }
  });

  test("restore refuses a target that holds data (unless --force), a running server's, and a file that is not a backup", async () => {
    if (!existsSync(file)) assert.equal((await cli(a, "backup", "--out", file)).code, 0);
    const again = await cli(a, "backup", "--out", file);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /exists; give --force/);

    const target = await emptyTarget();
    cleanups.push(target.remove);
    await json(await cli({ env: target.env }, "restore", "--in", file), "first restore");
    const refused = await cli({ env: target.env }, "restore", "--in", file);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /give --force/);
    const forced = await json(await cli({ env: target.env }, "restore", "--in", file, "--force"), "restore --force");
    assert.ok(forced.counts.accounts >= 2);

    const running = await cli(a, "restore", "--in", file, "--force");
    assert.equal(running.code, 1);
    assert.match(running.stderr, /is running on this DATA_DIR; stop it first/);
    assert.equal((await api(a, "GET", "/v1/links", { key: owner.key })).status, 200, "the running server's data is untouched");

    const garbage = path.join(dir, "not-a-backup.tar");
    writeFileSync(garbage, randomBytes(4096));
    const empty = await emptyTarget();
    cleanups.push(empty.remove);
    const bad = await cli({ env: empty.env }, "restore", "--in", garbage);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /could not be read as a Hop backup/);
    assert.ok(!existsSync(path.join(empty.env.DATA_DIR, "pglite")), "nothing was written");

    const missing = await cli({ env: empty.env }, "restore", "--in", path.join(dir, "nope.tar"));
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /No backup file/);
    const unknownFlag = await cli({ env: empty.env }, "backup", "--to", file);
    assert.equal(unknownFlag.code, 1);
    for (const [argv, said] of [[["--out", dir, "--force"], /is a directory/], [["--out="], /out: needs a file path/], [["--out", " "], /out: needs a file path/]] as const) {
      const refusedOut = await cli(a, "backup", ...argv);
      assert.equal(refusedOut.code, 1, argv.join(" "));
      assert.match(refusedOut.stderr, said, argv.join(" "));
    }
    assert.equal(readFileSync(file).subarray(257, 262).toString(), "ustar", "the backup is a tar file");
  });
});
