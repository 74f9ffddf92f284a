import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import { api } from "../helpers/api";
import { signIn, send } from "../helpers/dashboard-routes";
import { PRIMARY, visit } from "../helpers/visit";
import { applyMigrations, readMigrations, type SqlRunner } from "../../lib/db/migrate";
import { freshDatabase, startServer, usingPostgres, ROOT } from "../../scripts/harness/hop-server";

// Upgrades (docs/operations.md, "Upgrades"): a database made under the oldest supported migration
// (tests/fixtures/upgrade) is opened by today's server — every later migration applied, nothing
// lost — and a migration that fails leaves the database exactly as it was while the server
// refuses to start, saying which migration failed and why.

const OLDEST = "20261122000000_init";
const FIXTURE = readFileSync(path.join(ROOT, "tests", "fixtures", "upgrade", `${OLDEST}.sql`), "utf8");
// The fixture's owner (tests/fixtures/upgrade/README.md).
const OWNER = { email: "r-46530c2fd9@example.test", key: "hop_live_pk_iRacWn84kGmIgZJp2PtzgEclIhLuHastBthQXFgt", link: "own-7f780d0e", page: "site-7f780d0e" };

interface OldDatabase {
  env: Record<string, string>;
  /** A connection of the test's own (the server must be stopped on the embedded database). */
  open: () => Promise<SqlRunner & { close: () => Promise<void> }>;
  remove: () => Promise<void>;
}

/**
 * A database at the oldest schema holding the fixture, in a new DATA_DIR or a new PostgreSQL
 * database; with `from`, a copy of that one (the data directory copied, or the database made
 * from it as a template) instead of the first migration and the fixture again.
 */
async function oldDatabase(from?: OldDatabase): Promise<OldDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "hop-upgrade-"));
  let env: Record<string, string> = { DATA_DIR: dataDir };
  let open: OldDatabase["open"];
  let drop = async () => undefined as void;
  if (usingPostgres) {
    const template = from && new URL(from.env.DATABASE_URL).pathname.slice(1);
    const database = await freshDatabase(undefined, "hop_upgrade", template ? { template } : { empty: true });
    env = { ...env, DATABASE_URL: database.url };
    open = async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      return { query: async (sql, params) => (await client.query(sql, params as unknown[])).rows, exec: async (sql) => void (await client.query(sql)), close: () => client.end() };
    };
    drop = database.drop;
  } else {
    if (from) cpSync(from.env.DATA_DIR, dataDir, { recursive: true });
    const { PGlite } = await import("@electric-sql/pglite");
    open = async () => {
      const pglite = new PGlite(path.join(dataDir, "pglite"));
      await pglite.waitReady;
      return { query: async (sql, params) => (await pglite.query<Record<string, unknown>>(sql, params)).rows, exec: async (sql) => void (await pglite.exec(sql)), close: () => pglite.close() };
    };
  }
  if (!from) {
    const db = await open();
    await applyMigrations(db, { lock: false, migrations: readMigrations().filter((m) => m.name === OLDEST) });
    await db.exec(FIXTURE);
    await db.close();
  }
  return { env, open, remove: async () => (rmSync(dataDir, { recursive: true, force: true }), await drop()) };
}

async function applied(db: SqlRunner): Promise<string[]> {
  return (await db.query(`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY 1`)).map((r) => String(r.migration_name));
}

describe("upgrading a database made by the oldest schema", () => {
  const cleanups: Array<() => Promise<void>> = [];
  /** Made once; each test works on a copy. */
  let original: OldDatabase;
  before(async () => {
    original = await oldDatabase();
    cleanups.push(original.remove);
  });
  after(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  test("today's server applies every later migration; links, pages, keys, sign-in and analytics are intact", async () => {
    const old = await oldDatabase(original);
    cleanups.push(old.remove);
    const server = await startServer({ env: old.env });
    try {
      const links = await api(server, "GET", "/v1/links?limit=100", { key: OWNER.key });
      assert.equal(links.status, 200, "the old key still works");
      assert.ok(links.body.data.some((l: { id: string }) => l.id === OWNER.link), links.text);
      const analytics = await api(server, "GET", `/v1/analytics/links/${OWNER.link}?timeframe=all_time`, { key: OWNER.key });
      assert.equal(analytics.body.totalViews, 12, analytics.text);
      assert.deepEqual(analytics.body.referrerStats.map((r: { views: number }) => r.views), [4, 4, 4]);
      const redirect = await visit(server, PRIMARY, `/${OWNER.link}`);
      assert.equal(redirect.status, 302);
      assert.equal(redirect.headers.location, "https://example.com/owned");
      const page = await visit(server, PRIMARY, `/${OWNER.page}`);
      assert.equal(page.status, 200);
      assert.match(page.body, /Secret Owner Page/);
      const cookie = await signIn(server, OWNER.email);
      assert.equal((await send(server, "GET", "/links", { cookie })).status, 200, "the old password signs in");
      // A write the later migrations made possible (expiry, devices): the upgraded schema works.
      const made = await api(server, "POST", "/v1/links", { key: OWNER.key, body: { url: "https://example.com/after", slug: `after-${randomBytes(3).toString("hex")}`, expiresAt: "2099-01-01T00:00:00Z" } });
      assert.equal(made.status, 201, made.text);
    } finally {
      await server.stop(undefined, { keepData: true });
    }
    const db = await old.open();
    try {
      assert.deepEqual(await applied(db), readMigrations().map((m) => m.name), "every migration recorded once");
      const [visits] = await db.query(`SELECT sum(visits)::int AS n FROM "VisitEvent"`);
      assert.equal(visits.n, 19, "the fixture's 17 visits, a row each, and the test's two");
      // Accounts made before confirmation existed keep their keys and invitations (decision 047).
      const [unconfirmed] = await db.query(`SELECT count(*)::int AS n FROM "Account" WHERE "emailConfirmedAt" IS NULL`);
      assert.equal(unconfirmed.n, 0, "every account that existed counts as confirmed");
    } finally {
      await db.close();
    }
  });

  test("a migration that fails changes nothing, and the server refuses to start, saying which and why", async () => {
    const old = await oldDatabase(original);
    cleanups.push(old.remove);
    // Something in the way of a later migration (the table it creates, made by hand).
    const blocked = "20261128020000_event_batches";
    assert.ok(readMigrations().some((migration) => migration.name === blocked));
    let db = await old.open();
    await db.exec(`CREATE TABLE "EventBatch" ("note" TEXT); INSERT INTO "EventBatch" VALUES ('in the way')`);
    await db.close();
    await assert.rejects(startServer({ env: old.env }), (error: Error) => {
      assert.match(error.message, /server exited with 1/);
      assert.match(error.message, new RegExp(`Hop did not start: migration ${blocked} failed: relation "EventBatch" already exists\\. Nothing was changed: the database is as it was \\(1 migration applied, ${readMigrations().length - 1} pending\\)`));
      return true;
    });
    db = await old.open();
    try {
      assert.deepEqual(await applied(db), [OLDEST], "no migration recorded");
      const [tables] = await db.query(`SELECT to_regclass('"PasswordReset"') AS reset, to_regclass('"Webhook"') AS webhook`);
      assert.deepEqual(tables, { reset: null, webhook: null }, "the earlier pending migrations were rolled back too");
      const [columns] = await db.query(`SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'VisitEvent' AND column_name = 'visits'`);
      assert.equal(columns.n, 0);
      const [rows] = await db.query(`SELECT (SELECT count(*) FROM "Account")::int AS accounts, (SELECT count(*) FROM "Link")::int AS links, (SELECT count(*) FROM "VisitEvent")::int AS visits`);
      assert.deepEqual(rows, { accounts: 2, links: 2, visits: 17 });
      await db.exec(`DROP TABLE "EventBatch"`);
    } finally {
      await db.close();
    }
    const server = await startServer({ env: old.env });
    try {
      assert.equal((await api(server, "GET", "/v1/links", { key: OWNER.key })).status, 200, "with the obstacle gone it starts");
    } finally {
      await server.stop();
    }
  });
});
