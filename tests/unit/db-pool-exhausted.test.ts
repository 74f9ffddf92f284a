import assert from "node:assert/strict";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// Every pooled connection busy for the whole wait is a clear error, not a hang (issue 56): the
// app's pool on a real PostgreSQL, one connection held, and the next query — plain and through
// Prisma, as the app runs it — fails at the wait's end as "database pool exhausted", which the
// API answers 503 with Retry-After and logs under its own name. A new connection that is slow to
// connect (a starved machine, through a loopback door that holds it) fails the query only when
// no other connection of the pool is up; otherwise the query waits for one.

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

/** A loopback door to the test's PostgreSQL that lets the first `open` connections through and holds every later one unanswered. */
async function stallingDoor(target: URL, open: number) {
  let letThrough = open;
  const sockets = new Set<net.Socket>();
  const door = net.createServer((socket) => {
    sockets.add(socket);
    if (letThrough <= 0) return;
    letThrough -= 1;
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(upstream);
    socket.pipe(upstream).pipe(socket);
    socket.on("error", () => upstream.destroy());
    upstream.on("error", () => socket.destroy());
  });
  await new Promise<void>((resolve) => door.listen(0, "127.0.0.1", resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(door.address() as AddressInfo).port}`;
  return { url: url.toString(), close: () => new Promise<void>((resolve) => (sockets.forEach((s) => s.destroy()), door.close(() => resolve()))) };
}

test("a new connection slow to connect while another is up: the query waits for a connection instead of failing", { skip }, async () => {
  const { AppPool } = await import("../../lib/db/pool");
  const door = await stallingDoor(new URL(process.env.DATABASE_URL!), 1);
  // Two connections allowed; a new one gives up after 200 ms; the wait for one is 5 s.
  const pool = new AppPool(door.url, 2, 5_000, 200);
  try {
    const held = await pool.connect();
    // The second connection never answers (a starved machine): the query keeps trying until the
    // first is released, then runs on it.
    const released = new Promise<void>((resolve) => setTimeout(() => (held.release(), resolve()), 1_000));
    const started = Date.now();
    const { rows } = await pool.query("SELECT 1 AS one");
    assert.deepEqual(rows, [{ one: 1 }]);
    assert.ok(Date.now() - started >= 900, "it waited for the held connection");
    await released;
  } finally {
    await pool.end();
    await door.close();
  }
});

test("with no connection up, a connection that does not connect in time fails the query at once", { skip }, async () => {
  const { AppPool } = await import("../../lib/db/pool");
  const { isDatabaseUnavailable } = await import("../../lib/db/unavailable");
  const door = await stallingDoor(new URL(process.env.DATABASE_URL!), 0);
  const pool = new AppPool(door.url, 2, 5_000, 200);
  try {
    const started = Date.now();
    const error = await pool.query("SELECT 1").then(() => null, (e: Error) => e);
    assert.ok(error, "the query failed");
    assert.equal(isDatabaseUnavailable(error), true, String(error));
    assert.ok(Date.now() - started < 2_000, `it failed at the connection's timeout, not at the pool's wait (${Date.now() - started} ms)`);
  } finally {
    await pool.end();
    await door.close();
  }
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
