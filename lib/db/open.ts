import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import pg from "pg";
import { PrismaClient } from "../generated/prisma/client";
import { config } from "../config";
import { log } from "../log";
import { peekShared, resetShared, shared } from "../shared";
import { applyMigrations, type SqlRunner } from "./migrate";

export type Db = PrismaClient;
export type DbMode = "embedded" | "postgres";

interface Opened {
  mode: DbMode;
  prisma: PrismaClient;
  close: () => Promise<void>;
}

export function dbMode(): DbMode {
  return config().databaseUrl ? "postgres" : "embedded";
}

async function openEmbedded(): Promise<Opened> {
  const dir = path.join(config().dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  const pglite = new PGlite(dir);
  await pglite.waitReady;
  const runner: SqlRunner = {
    query: async (sql, params) => (await pglite.query(sql, params)).rows as Record<string, unknown>[],
    exec: async (sql) => void (await pglite.exec(sql)),
  };
  await applyMigrations(runner, { lock: false });
  log.info("database open", { mode: "embedded", dir });
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return { mode: "embedded", prisma, close: async () => (await prisma.$disconnect(), await pglite.close()) };
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
  const max = Number(process.env.HOP_DB_POOL_SIZE ?? 10);
  // A server that does not answer the connect (a dead host, a full firewall) fails the query after
  // 5 s instead of holding the request, and the event writer's batch, forever.
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max, connectionTimeoutMillis: 5_000 }) });
  return { mode: "postgres", prisma, close: () => prisma.$disconnect() };
}

function opening(): Promise<Opened> {
  return shared("db", () => {
    const url = config().databaseUrl;
    const pending = url ? openPostgres(url) : openEmbedded();
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

export async function closeDb(): Promise<void> {
  const registry = (globalThis as Record<string, unknown>).__hopShared as Map<string, unknown>;
  const pending = registry?.get("db") as Promise<Opened> | undefined;
  if (!pending) return;
  registry.delete("db");
  await (await pending).close();
}
