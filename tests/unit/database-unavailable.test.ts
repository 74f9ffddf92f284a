import assert from "node:assert/strict";
import { test } from "node:test";
import { errorResponse } from "../../lib/api/respond";
import { isDatabaseUnavailable } from "../../lib/db/unavailable";

// The shapes below are what Prisma 7 (driver adapters), node-postgres and PGlite throw when the
// database cannot be reached; tests/api/outage-postgres.test.ts meets the real ones.
const adapter = (cause: Record<string, unknown>, code = "P2010") =>
  Object.assign(new Error("Invalid `prisma.link.findMany()` invocation"), { code, meta: { driverAdapterError: { name: "DriverAdapterError", cause } } });

test("connection failures in every wrapping are 'unavailable'", () => {
  const unavailable: unknown[] = [
    adapter({ kind: "DatabaseNotReachable", host: "127.0.0.1", port: 5432 }, "P1001"),
    adapter({ kind: "postgres", originalCode: "57P01", originalMessage: "terminating connection due to administrator command" }, "P2039"),
    adapter({ kind: "postgres", originalCode: "57P03", originalMessage: "the database system is starting up" }),
    adapter({ kind: "ConnectionClosed" }),
    Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    new AggregateError([Object.assign(new Error("connect ECONNREFUSED ::1:5432"), { code: "ECONNREFUSED" })], "all attempts failed"),
    new Error("Connection terminated unexpectedly"),
    new Error("outer", { cause: new Error("PGlite is closed") }),
    Object.assign(new Error("Timed out fetching a new connection from the connection pool."), { code: "P2024" }),
    Object.assign(new Error("Transaction API error: Unable to start a transaction in the given time."), { code: "P2028" }),
  ];
  for (const error of unavailable) assert.equal(isDatabaseUnavailable(error), true, String((error as Error).message));
});

test("query errors and other failures are not", () => {
  const others: unknown[] = [
    adapter({ kind: "postgres", originalCode: "23505", originalMessage: "duplicate key value violates unique constraint" }, "P2002"),
    adapter({ kind: "postgres", originalCode: "22P05", originalMessage: "unsupported Unicode escape sequence" }),
    Object.assign(new Error("No record was found for an update."), { code: "P2025" }),
    new Error("connection to db at 10.0.0.5 refused; password=hunter2"),
    new TypeError("Cannot read properties of undefined"),
    null,
    "a string",
  ];
  for (const error of others) assert.equal(isDatabaseUnavailable(error), false, String(error && (error as Error).message));
});

test("the API answers an unreachable database with 503 service_unavailable and Retry-After", async () => {
  process.env.HOP_LOG = "silent";
  const response = errorResponse(adapter({ kind: "DatabaseNotReachable", host: "10.0.0.5", port: 5432 }, "P1001"), "req-1");
  assert.equal(response.status, 503);
  assert.equal(response.headers.get("retry-after"), "5");
  const text = await response.text();
  assert.deepEqual(JSON.parse(text), { error: { code: "service_unavailable", message: "The service is briefly unavailable; retry after the Retry-After seconds." } });
  assert.ok(!text.includes("10.0.0.5"));
});
