import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { after, describe, test } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { applyMigrations, readMigrations, type SqlRunner } from "../../lib/db/migrate";

// The app applies prisma/migrations itself (Prisma's migrate engine cannot be installed here), so
// this test is what stops the schema and the migrations from drifting apart: the migrated
// database must hold exactly what schema.prisma describes, and PGlite and PostgreSQL must end
// with identical tables, columns and indexes.

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const require = createRequire(import.meta.url);
const usingPostgres = Boolean(process.env.DATABASE_URL);

interface Shape {
  columns: string[];
  indexes: string[];
  foreignKeys: string[];
}

const COLUMNS_SQL = `
  SELECT table_name, column_name, udt_name, is_nullable, column_default IS NOT NULL AS has_default
  FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name`;
const INDEXES_SQL = `
  SELECT t.relname AS table_name, i.relname AS index_name, ix.indisunique AS is_unique, ix.indisprimary AS is_primary,
         array_to_string(ARRAY(SELECT a.attname FROM unnest(ix.indkey) WITH ORDINALITY k(attnum, n)
           JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n), ',') AS columns
  FROM pg_index ix JOIN pg_class t ON t.oid = ix.indrelid JOIN pg_class i ON i.oid = ix.indexrelid
  JOIN pg_namespace ns ON ns.oid = t.relnamespace WHERE ns.nspname = 'public' ORDER BY 1, 2`;
const FKS_SQL = `
  SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS def
  FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace ORDER BY 1, 2`;

async function shapeOf(runner: SqlRunner): Promise<Shape> {
  const columns = (await runner.query(COLUMNS_SQL)).map(
    (r) => `${r.table_name}.${r.column_name} ${r.udt_name} ${r.is_nullable === "YES" ? "null" : "not null"}${r.has_default ? " default" : ""}`,
  );
  const indexes = (await runner.query(INDEXES_SQL)).map(
    (r) => `${r.table_name} ${r.index_name} (${r.columns})${r.is_primary ? " primary" : r.is_unique ? " unique" : ""}`,
  );
  const foreignKeys = (await runner.query(FKS_SQL)).map((r) => `${String(r.table_name).replace(/"/g, "")} ${r.conname} ${r.def}`);
  return { columns, indexes, foreignKeys };
}

const SQL_TYPES: Record<string, string> = {
  String: "text",
  Int: "int4",
  BigInt: "int8",
  Boolean: "bool",
  DateTime: "timestamp",
  Json: "jsonb",
  Float: "float8",
  Bytes: "bytea",
};

/** What schema.prisma says the database must hold, in the same notation as shapeOf(). */
function expectedFromSchema(): { columns: string[]; indexes: string[] } {
  const wasm = require("@prisma/prisma-schema-wasm") as { get_dmmf: (params: string) => string };
  const schema = readFileSync(path.join(ROOT, "prisma", "schema.prisma"), "utf8");
  const dmmf = JSON.parse(wasm.get_dmmf(JSON.stringify({ prismaSchema: [["schema.prisma", schema]] }))).datamodel;
  const columns: string[] = [];
  const columnName = new Map<string, string>();
  for (const model of dmmf.models) {
    const table = model.dbName ?? model.name;
    for (const field of model.fields) {
      if (field.kind !== "scalar" && field.kind !== "enum") continue;
      const column = field.dbName ?? field.name;
      columnName.set(`${model.name}.${field.name}`, column);
      const type = field.isList ? `_${SQL_TYPES[field.type]}` : SQL_TYPES[field.type];
      const nullable = field.isList || !field.isRequired;
      columns.push(`${table}.${column} ${type} ${nullable ? "null" : "not null"}${field.hasDefaultValue ? " default" : ""}`);
    }
  }
  const indexes = dmmf.indexes.map((index: { model: string; type: string; dbName?: string; name?: string; fields: Array<{ name: string }> }) => {
    const model = dmmf.models.find((m: { name: string }) => m.name === index.model);
    const table = model.dbName ?? model.name;
    const cols = index.fields.map((f) => columnName.get(`${index.model}.${f.name}`) ?? f.name);
    const kind = index.type === "id" ? "pkey" : index.type === "unique" ? "key" : "idx";
    const name = index.dbName ?? `${table}_${index.type === "id" ? "" : cols.join("_") + "_"}${kind}`.replace("__", "_");
    return `${table} ${name} (${cols.join(",")})${index.type === "id" ? " primary" : index.type === "unique" ? " unique" : ""}`;
  });
  return { columns: columns.sort(), indexes: indexes.sort() };
}

function withoutMigrationsTable(lines: string[]): string[] {
  return lines.filter((line) => !line.startsWith("_prisma_migrations")).sort();
}

async function pgliteRunner(): Promise<{ runner: SqlRunner; close: () => Promise<void> }> {
  const db = new PGlite();
  await db.waitReady;
  return {
    runner: { query: async (sql, params) => (await db.query(sql, params)).rows as Record<string, unknown>[], exec: async (sql) => void (await db.exec(sql)) },
    close: () => db.close(),
  };
}

async function postgresRunner(): Promise<{ runner: SqlRunner; close: () => Promise<void> }> {
  const name = `hop_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    runner: { query: async (sql, params) => (await client.query(sql, params as unknown[])).rows, exec: async (sql) => void (await client.query(sql)) },
    close: async () => {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

describe("schema and migrations", () => {
  const closers: Array<() => Promise<void>> = [];
  after(async () => {
    for (const close of closers) await close();
  });

  test("the migrated embedded database holds exactly what schema.prisma describes", async () => {
    const { runner, close } = await pgliteRunner();
    closers.push(close);
    assert.deepEqual(await applyMigrations(runner, { lock: false }), readMigrations().map((m) => m.name));
    const actual = await shapeOf(runner);
    const expected = expectedFromSchema();
    assert.deepEqual(withoutMigrationsTable(actual.columns), expected.columns);
    assert.deepEqual(withoutMigrationsTable(actual.indexes), expected.indexes);
  });

  test("migrations are recorded like Prisma's and applied once", async () => {
    const { runner, close } = await pgliteRunner();
    closers.push(close);
    await applyMigrations(runner, { lock: false });
    const rows = await runner.query(`SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`);
    assert.deepEqual(
      rows.map((r) => [r.migration_name, r.checksum, r.applied_steps_count]),
      readMigrations().map((m) => [m.name, createHash("sha256").update(m.sql).digest("hex"), 1]),
    );
    assert.ok(rows.every((r) => r.finished_at));
    assert.deepEqual(await applyMigrations(runner, { lock: false }), [], "a second start applies nothing");
  });

  test("a migration edited after it was applied stops the start", async () => {
    const { runner, close } = await pgliteRunner();
    closers.push(close);
    await applyMigrations(runner, { lock: false });
    await runner.query(`UPDATE "_prisma_migrations" SET checksum = 'changed'`);
    await assert.rejects(applyMigrations(runner, { lock: false }), /changed after it was applied/);
  });

  if (usingPostgres) {
    test("PGlite and PostgreSQL end with the same tables, columns, indexes and foreign keys", async () => {
      const embedded = await pgliteRunner();
      const server = await postgresRunner();
      closers.push(embedded.close, server.close);
      await applyMigrations(embedded.runner, { lock: false });
      await applyMigrations(server.runner, { lock: true });
      const a = await shapeOf(embedded.runner);
      const b = await shapeOf(server.runner);
      assert.deepEqual(b.columns, a.columns);
      assert.deepEqual(b.indexes, a.indexes);
      assert.deepEqual(b.foreignKeys, a.foreignKeys);
      assert.deepEqual(withoutMigrationsTable(b.columns), expectedFromSchema().columns);
    });
  }
});

test("the import's one-statement insert names every Link field that has a column of another name (@map)", async () => {
  const { LINK_COLUMN_OF_FIELD } = await import("../../lib/links/insert-links");
  const model = /model Link \{([\s\S]*?)\n\}/.exec(readFileSync(path.join(ROOT, "prisma", "schema.prisma"), "utf8"))![1];
  const mapped = Object.fromEntries([...model.matchAll(/^\s+(\w+)\s+[^\n]*@map\("(\w+)"\)/gm)].map((m) => [m[1], m[2]]));
  assert.ok(Object.keys(mapped).length > 0);
  assert.deepEqual(LINK_COLUMN_OF_FIELD, mapped);
});
