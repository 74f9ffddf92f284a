import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import pg from "pg";
import { PrismaClient } from "../generated/prisma/client";
import { config, tunable } from "../config";
import { log } from "../log";
import { observeQuery } from "../metrics/counters";
import { peekShared, resetShared, shared } from "../shared";
import { applyMigrations, type SqlRunner } from "./migrate";
import { AppPool, CONNECT_TIMEOUT_MS, poolSizes } from "./pool";
import { assertOutsideTransaction, guardedClient, insideTransaction } from "./transaction-scope";
import { copyDataDirLoosely, settleDataDirCopy } from "./copy-data-dir";

export type Db = PrismaClient;
export type DbMode = "embedded" | "postgres";

/** A statement run inside an event transaction (text SQL, positional parameters): its rows. */
export type EventQuery = (sql: string, params: unknown[]) => Promise<unknown[]>;

/**
 * The event writer's own access to the database, beside Prisma: one transaction of a few raw
 * statements. Prisma's interactive transaction and its per-element mapping of array parameters
 * cost the server's thread ~30 µs per event written (docs/decisions/015-visitor-path-sql-beside-prisma.md);
 * the driver itself, with the rows as one JSON parameter, costs a few.
 */
export interface EventSql {
  transaction: (work: (query: EventQuery) => Promise<void>) => Promise<void>;
}

/**
 * The visitor path's reads beside Prisma: one statement, its rows with JSON columns parsed. A
 * lookup through Prisma costs ~0.8 ms of the server's CPU on PGlite (its query compiler and
 * mapping), the same statement through the driver ~0.2 ms (docs/decisions/015-visitor-path-sql-beside-prisma.md).
 */
export type ReadSql = <Row = Record<string, unknown>>(sql: string, params: unknown[]) => Promise<Row[]>;

type RowsOf = (sql: string) => Promise<Array<Record<string, unknown>>>;
/** Copies the data directory into `to`; what `inside` read in the same transaction, with no statement between it and the copy's end. */
type CopyDataDir = <T>(to: string, inside: (rows: RowsOf) => Promise<T>) => Promise<{ read: T; recopied: number; heldMs: number }>;

interface Opened {
  mode: DbMode;
  prisma: PrismaClient;
  events: EventSql;
  reads: ReadSql;
  /** Embedded only: a consistent copy of the data directory (backups). */
  copyDataDir?: CopyDataDir;
  close: () => Promise<void>;
}

/**
 * Every interactive transaction waits up to HOP_DB_POOL_WAIT_MS (POOL_WAIT_MS by default) for its connection (Prisma's own default,
 * 2 s, turned a burst into 503s while the pool itself would have waited) and may run 20 s.
 */
const transactionOptions = () => ({ maxWait: tunable("HOP_DB_POOL_WAIT_MS"), timeout: 20_000 });

export function dbMode(): DbMode {
  return config().databaseUrl ? "postgres" : "embedded";
}

/**
 * PGlite's own start parameters plus shared buffers sized to the memory budget: Postgres's
 * default 128 MB of shared buffers were ~130 MB of the idle process's resident memory; a 32nd of
 * the budget (16 MB at the default 512) keeps the working set of a small instance, and the
 * files stay in the operating system's page cache (docs/architecture.md, "Memory"). And no
 * zero-filling of a new WAL segment: PGlite writes its files on the server's thread, and writing
 * 16 MB of zeros held the visitors for ~25–100 ms each time an import or a day's events filled a
 * segment (decision 028).
 */
function pgliteStartParams(): string[] {
  const sharedBuffersMb = Math.max(16, Math.round(tunable("MEMORY_BUDGET_MB") / 32));
  return [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffersMb}MB`, "-c", "wal_init_zero=off"];
}

/** The first start: initdb in a process of its own (scripts/pglite-init.mjs says why). */
function createEmbedded(dir: string): void {
  const script = path.join(process.env.HOP_ROOT ?? process.cwd(), "scripts", "pglite-init.mjs");
  execFileSync(process.execPath, ["--liftoff-only", script, dir], { stdio: ["ignore", "ignore", "inherit"] });
}

async function openEmbedded(): Promise<Opened> {
  const dir = embeddedDataDir();
  mkdirSync(dir, { recursive: true });
  if (!existsSync(path.join(dir, "PG_VERSION"))) createEmbedded(dir);
  const pglite = new PGlite(dir, { startParams: pgliteStartParams() });
  await pglite.waitReady;
  const runner: SqlRunner = {
    query: async (sql, params) => (await pglite.query(sql, params)).rows as Record<string, unknown>[],
    exec: async (sql) => void (await pglite.exec(sql)),
  };
  await applyMigrations(runner, { lock: false });
  log.info("database open", { mode: "embedded", dir });
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite), transactionOptions: transactionOptions() });
  // PGlite runs one transaction at a time, Prisma's and this one alike (its own queue).
  const events: EventSql = {
    transaction: (work) => pglite.transaction(async (tx) => work(async (sql, params) => (await tx.query(sql, params)).rows)),
  };
  const reads: ReadSql = async <Row>(sql: string, params: unknown[]) => (await pglite.query<Row>(sql, params)).rows;
  // A crash-consistent copy (what a committed transaction wrote is in its WAL), as PGlite's own
  // tarball is, but file by file on disk instead of a tarball in the heap (lib/db/copy-data-dir.ts):
  // the bulk while the server goes on, then what changed inside one transaction, which every other
  // statement waits for (PGlite's query() and transaction() take one turn) — so nothing comes
  // between what `inside` reads and the copy. The checkpoint first leaves little WAL to replay.
  const copyDataDir: CopyDataDir = async (to, inside) => {
    await pglite.exec("CHECKPOINT");
    const seen = await copyDataDirLoosely(dir, to);
    return pglite.transaction(async (tx) => {
      const read = await inside(async (sql) => (await tx.query<Record<string, unknown>>(sql)).rows);
      const held = performance.now();
      const { recopied } = await settleDataDirCopy(dir, to, seen);
      return { read, recopied, heldMs: Math.round(performance.now() - held) };
    });
  };
  return { mode: "embedded", prisma, events, reads, copyDataDir, close: async () => (await prisma.$disconnect(), await pglite.close()) };
}

/**
 * pg-pool listens for a connection's errors only while it is idle: one that dies while checked out
 * (the database stopping mid-transaction) would emit an "error" nobody hears, an uncaught exception.
 * The query in flight fails with the same error, which is where it is handled.
 */
function quietWhileCheckedOut(pool: pg.Pool): void {
  pool.on("connect", (client) => client.on("error", () => undefined));
}

async function openPostgres(url: string): Promise<Opened> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const runner: SqlRunner = {
      query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
      exec: async (sql) => void (await client.query(sql)),
    };
    await applyMigrations(runner, { lock: true });
  } finally {
    await client.end();
  }
  const sizes = poolSizes(tunable("HOP_DB_POOL_SIZE"));
  // A server that does not answer the connect (a dead host, a full firewall) fails the query after
  // CONNECT_TIMEOUT_MS instead of holding the request, and the event writer's batch, forever; a
  // burst waits up to HOP_DB_POOL_WAIT_MS for a busy pool, then fails as "pool exhausted" (lib/db/pool.ts).
  const appPool = new AppPool(url, sizes.app, tunable("HOP_DB_POOL_WAIT_MS"));
  quietWhileCheckedOut(appPool);
  const prisma = new PrismaClient({ adapter: new PrismaPg(appPool, { disposeExternalPool: true }), transactionOptions: transactionOptions() });
  // One connection is enough: the queue writes one batch at a time.
  const pool = new pg.Pool({ connectionString: url, max: sizes.events, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle connection that dies (the database restarting) must not take the process with it.
  pool.on("error", (error) => log.warn("event connection lost", { error: error.message }));
  quietWhileCheckedOut(pool);
  const events: EventSql = {
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        await work(async (sql, params) => (await client.query(sql, params)).rows);
        await client.query("COMMIT");
        client.release();
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        client.release(true);
        throw error;
      }
    },
  };
  // The visitor path's lookups (at most VISIT_LOOKUP_CONCURRENCY at once, lib/visit/link-cache), on
  // the app pool's kind: a connect slow on a busy machine while the database is there is waited
  // for, not a visitor's 503 (refused connections still fail at once).
  const readPool = new AppPool(url, sizes.reads, tunable("HOP_DB_POOL_WAIT_MS"));
  readPool.on("error", (error) => log.warn("read connection lost", { error: error.message }));
  quietWhileCheckedOut(readPool);
  const reads: ReadSql = async <Row>(sql: string, params: unknown[]) => (await readPool.query(sql, params)).rows as Row[];
  log.info("database open", { mode: "postgres", connections: sizes });
  return { mode: "postgres", prisma, events, reads, close: async () => (await prisma.$disconnect(), await pool.end(), await readPool.end()) };
}

/** The two accesses of our own, timed and their failures counted for /metrics. */
function timed(opened: Opened): Opened {
  const { reads, events } = opened;
  const timedReads: ReadSql = async <Row>(sql: string, params: unknown[]) => {
    assertOutsideTransaction("readSql");
    const started = performance.now();
    try {
      const rows = await reads<Row>(sql, params);
      observeQuery("read", (performance.now() - started) / 1000, false);
      return rows;
    } catch (error) {
      observeQuery("read", (performance.now() - started) / 1000, true);
      throw error;
    }
  };
  const timedEvents: EventSql = {
    transaction: async (work) => {
      assertOutsideTransaction("eventSql's transaction");
      const started = performance.now();
      try {
        await events.transaction((query) => insideTransaction("the event transaction", () => work(query)));
        observeQuery("events", (performance.now() - started) / 1000, false);
      } catch (error) {
        observeQuery("events", (performance.now() - started) / 1000, true);
        throw error;
      }
    },
  };
  return { ...opened, prisma: guardedClient(opened.prisma), reads: timedReads, events: timedEvents };
}

function opening(): Promise<Opened> {
  return shared("db", () => {
    const url = config().databaseUrl;
    const pending = (url ? openPostgres(url) : openEmbedded()).then(timed);
    // A database that was down when first asked must be tried again on the next call, not remembered as failed.
    pending.catch(() => {
      if (peekShared("db") === pending) resetShared("db");
    });
    return pending;
  });
}

/** The process-wide Prisma client; the first call opens the database and applies migrations. */
export async function db(): Promise<PrismaClient> {
  assertOutsideTransaction("db()");
  return (await opening()).prisma;
}

/** The event writer's transaction access (see EventSql); opens the database like db(). */
export async function eventSql(): Promise<EventSql> {
  assertOutsideTransaction("eventSql()");
  return (await opening()).events;
}

/** The visitor path's read access (see ReadSql); opens the database like db(). */
export async function readSql(): Promise<ReadSql> {
  assertOutsideTransaction("readSql()");
  return (await opening()).reads;
}

/** The embedded database's data directory, copied consistently into `to` (lib/backup); opens it like db(). */
export async function copyEmbeddedDataDir<T>(to: string, inside: (rows: RowsOf) => Promise<T>): Promise<{ read: T; recopied: number; heldMs: number }> {
  const opened = await opening();
  if (!opened.copyDataDir) throw new Error("the database is PostgreSQL: its backup is pg_dump's");
  return opened.copyDataDir(to, inside);
}

/** Where the embedded database keeps its files. */
export function embeddedDataDir(): string {
  return path.join(config().dataDir, "pglite");
}

export async function closeDb(): Promise<void> {
  const registry = (globalThis as Record<string, unknown>).__hopShared as Map<string, unknown>;
  const pending = registry?.get("db") as Promise<Opened> | undefined;
  if (!pending) return;
  registry.delete("db");
  await (await pending).close();
}
