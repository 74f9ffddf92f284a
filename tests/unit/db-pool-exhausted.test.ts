import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// Every pooled connection busy for the whole wait is a clear error, not a hang (issue 56): the
// app's pool on a real PostgreSQL, one connection held, and the next query — plain and through
// Prisma, as the app runs it — fails at the wait's end as "database pool exhausted", which the
// API answers 503 with Retry-After and logs under its own name.

const skip = !process.env.DATABASE_URL && "runs in the PostgreSQL + Redis pass (PGlite has no pool)";
let env: Awaited<ReturnType<typeof openTestDb>> | undefined;
before(async () => {
  if (!skip) env = await openTestDb();
});
after(async () => {
  await env?.close();
});

test("a query that finds every connection busy fails at the wait's end with PoolExhaustedError", { skip }, async () => {
  const { AppPool } = await import("../../lib/db/pool");
  const { isDatabaseUnavailable, isPoolExhausted } = await import("../../lib/db/unavailable");
  const { PrismaPg } = await import("@prisma/adapter-pg");
  const { PrismaClient } = await import("../../lib/generated/prisma/client");
  const pool = new AppPool(process.env.DATABASE_URL!, 1, 300);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const held = await pool.connect();
  try {
    const started = Date.now();
    const plain = await pool.query("SELECT 1").then(() => null, (error: Error) => error);
    assert.ok(plain, "the query waited, then failed");
    assert.equal((plain as Error & { code?: string }).code, "HOP_POOL_EXHAUSTED");
    assert.match(plain.message, /^database pool exhausted: all 1 connections \(HOP_DB_POOL_SIZE\) stayed busy for 0\.3 s/);
    assert.ok(Date.now() - started < 5_000, "it ended at the wait, not later");
    const viaPrisma = await prisma.account.count().then(() => null, (error: Error) => error);
    assert.ok(viaPrisma, "Prisma's query failed too");
    assert.equal(isPoolExhausted(viaPrisma), true, String(viaPrisma));
    assert.equal(isDatabaseUnavailable(viaPrisma), true);
  } finally {
    held.release();
  }
  assert.equal(await prisma.account.count() >= 0, true, "a freed connection serves again");
  await prisma.$disconnect();
  await pool.end();
});

test("the API answers an exhausted pool 503 with Retry-After, logged as 'database pool exhausted'", async () => {
  const { errorResponse } = await import("../../lib/api/respond");
  const { PoolExhaustedError } = await import("../../lib/db/pool");
  const lines: string[] = [];
  const write = process.stderr.write;
  const silent = process.env.HOP_LOG;
  delete process.env.HOP_LOG;
  process.stderr.write = ((chunk: string) => (lines.push(String(chunk)), true)) as typeof process.stderr.write;
  try {
    const res = errorResponse(new Error("Invalid `prisma.link.create()` invocation", { cause: new PoolExhaustedError("database pool exhausted: all 10 connections") }), "req_1");
    assert.equal(res.status, 503);
    assert.equal(res.headers.get("retry-after"), "5");
    assert.equal((await res.json()).error.code, "service_unavailable");
  } finally {
    process.stderr.write = write;
    if (silent !== undefined) process.env.HOP_LOG = silent;
  }
  assert.deepEqual(lines.map((line) => JSON.parse(line).message), ["database pool exhausted"]);
});
