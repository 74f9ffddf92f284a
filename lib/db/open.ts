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

export type Db = PrismaClient;
export type DbMode = "embedded" | "postgres";

/** A statement run inside an event transaction (text SQL, positional parameters): its rows. */
export type EventQuery = (sql: string, params: unknown[]) => Promise<unknown[]>;

/**
 * The event writer's own door to the database, beside Prisma: one transaction of a few raw
 * statements. Prisma's interactive transaction and its per-element mapping of array parameters
 * cost the server's thread ~30 µs per event written (docs/architecture.md, "Tail latency");
 * the driver itself, with the rows as one JSON parameter, costs a few.
 */
export interface EventSql {
  transaction: (work: (query: EventQuery) => Promise<void>) => Promise<void>;
}

/**
 * The visitor path's reads beside Prisma: one statement, its rows with JSON columns parsed. A
 * lookup through Prisma costs ~0.8 ms of the server's CPU on PGlite (its query compiler and
 * mapping), the same statement through the driver ~0.2 ms (docs/architecture.md, "Third pass").
 */
export type ReadSql = <Row = Record<string, unknown>>(sql: string, params: unknown[]) => Promise<Row[]>;

type RowsOf = (sql: string) => Promise<Array<Record<string, unknown>>>;
/** The copy, and what `inside` read in the same transaction just before it was made. */
type DumpDataDir = <T>(inside: (rows: RowsOf) => Promise<T>) => Promise<{ tarball: Blob; read: T }>;

interface Opened {
  mode: DbMode;
  prisma: PrismaClient;
  events: EventSql;
  reads: ReadSql;
  /** Embedded only: a consistent copy of the data directory, as a gzipped tarball (backups). */
  dumpDataDir?: DumpDataDir;
  close: () => Promise<void>;
}

export function dbMode(): DbMode {
  return config().databaseUrl ? "postgres" : "embedded";
}

/**
 * PGlite's own start parameters plus shared buffers sized to the memory budget: Postgres's
 * default 128 MB of shared buffers were ~130 MB of the idle process's resident memory; a 32nd of
 * the budget (16 MB at the default 512) keeps the working set of a small instance, and the
 * files stay in the operating system's page cache (docs/architecture.md, "Memory").
 */
function pgliteStartParams(): string[] {
  const sharedBuffersMb = Math.max(16, Math.round(tunable("MEMORY_BUDGET_MB") / 32));
  return [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffersMb}MB`];
}

/** The first start: initdb in a process of its own (scripts/pglite-init.mjs says why). */
function createEmbedded(dir: string): void {
  const script = path.join(process.env.HOP_ROOT ?? process.cwd(), "scripts", "pglite-init.mjs");
  execFileSync(process.execPath, ["--liftoff-only", script, dir], { stdio: ["ignore", "ignore", "inherit"] });
}

async function openEmbedded(): Promise<Opened> {
  const dir = path.join(config().dataDir, "pglite");
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
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  // PGlite runs one transaction at a time, Prisma's and this one alike (its own queue).
  const events: EventSql = {
    transaction: (work) => pglite.transaction(async (tx) => work(async (sql, params) => (await tx.query(sql, params)).rows)),
  };
  const reads: ReadSql = async <Row>(sql: string, params: unknown[]) => (await pglite.query<Row>(sql, params)).rows;
  // PGlite runs one statement at a time and the tarball is made between two of them, so it is a
  // crash-consistent copy (what a committed transaction wrote is in its WAL); the checkpoint first
  // leaves a restore little WAL to replay. Inside one transaction, the event writer's (which
  // takes the same turn) cannot come between what `inside` reads and the copy.
  const dumpDataDir: DumpDataDir = async (inside) => {
    await pglite.exec("CHECKPOINT");
    return pglite.transaction(async (tx) => {
      const read = await inside(async (sql) => (await tx.query<Record<string, unknown>>(sql)).rows);
      return { tarball: await pglite.dumpDataDir("gzip"), read };
    });
  };
  return { mode: "embedded", prisma, events, reads, dumpDataDir, close: async () => (await prisma.$disconnect(), await pglite.close()) };
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
  const max = tunable("HOP_DB_POOL_SIZE");
  // A server that does not answer the connect (a dead host, a full firewall) fails the query after
  // 5 s instead of holding the request, and the event writer's batch, forever.
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max, connectionTimeoutMillis: 5_000 }) });
  // One connection is enough: the queue writes one batch at a time.
  const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 5_000 });
  // An idle connection that dies (the database restarting) must not take the process with it.
  pool.on("error", (error) => log.warn("event connection lost", { message: error.message }));
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
  // The visitor path's lookups (at most VISIT_LOOKUP_CONCURRENCY at once, lib/visit/link-cache).
  const readPool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 5_000 });
  readPool.on("error", (error) => log.warn("read connection lost", { message: error.message }));
  const reads: ReadSql = async <Row>(sql: string, params: unknown[]) => (await readPool.query(sql, params)).rows as Row[];
  return { mode: "postgres", prisma, events, reads, close: async () => (await prisma.$disconnect(), await pool.end(), await readPool.end()) };
}

/** The two doors of our own, timed and their failures counted for /metrics. */
function timed(opened: Opened): Opened {
  const { reads, events } = opened;
  const timedReads: ReadSql = async <Row>(sql: string, params: unknown[]) => {
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
      const started = performance.now();
      try {
        await events.transaction(work);
        observeQuery("events", (performance.now() - started) / 1000, false);
      } catch (error) {
        observeQuery("events", (performance.now() - started) / 1000, true);
        throw error;
      }
    },
  };
  return { ...opened, reads: timedReads, events: timedEvents };
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
  return (await opening()).prisma;
}

/** The event writer's transaction door (see EventSql); opens the database like db(). */
export async function eventSql(): Promise<EventSql> {
  return (await opening()).events;
}

/** The visitor path's read door (see ReadSql); opens the database like db(). */
export async function readSql(): Promise<ReadSql> {
  return (await opening()).reads;
}

/** The embedded database's data directory as a gzipped tarball (lib/backup); opens it like db(). */
export async function dumpEmbeddedDataDir<T>(inside: (rows: RowsOf) => Promise<T>): Promise<{ tarball: Blob; read: T }> {
  const opened = await opening();
  if (!opened.dumpDataDir) throw new Error("the database is PostgreSQL: its backup is pg_dump's");
  return opened.dumpDataDir(inside);
}

/**
 * A new embedded data directory at `dir` made from a dumpEmbeddedDataDir tarball (restores). The
 * directory must hold no database; the app's next open applies any newer migration.
 */
export async function loadEmbeddedDataDir(dir: string, tarball: Blob): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const pglite = new PGlite(dir, { loadDataDir: tarball, startParams: pgliteStartParams() });
  await pglite.waitReady;
  await pglite.close();
}

export async function closeDb(): Promise<void> {
  const registry = (globalThis as Record<string, unknown>).__hopShared as Map<string, unknown>;
  const pending = registry?.get("db") as Promise<Opened> | undefined;
  if (!pending) return;
  registry.delete("db");
  await (await pending).close();
}
