import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// A visitor's daily pseudonym: the same all day for one address network and agent, another the
// next day, the salts shared through the database and gone once their day is over.

let t: Awaited<ReturnType<typeof openTestDb>>;
let day: typeof import("../../lib/visit/visitor-day");
before(async () => {
  t = await openTestDb();
  day = await import("../../lib/visit/visitor-day");
});
after(() => t.close());

const NOON = Date.UTC(2026, 10, 29, 12);
const HOUR = 60 * 60 * 1000;

test("an address's network is its IPv4 /24 or IPv6 /48", () => {
  assert.equal(day.addressNetwork("203.0.113.77"), "203.0.113");
  assert.equal(day.addressNetwork("2001:DB8:1:2::5"), "2001:db8:1");
  assert.equal(day.addressNetwork("2001:db8::1"), "2001:db8:0");
  assert.equal(day.addressNetwork("::1"), "0:0:0");
});

test("one pseudonym per network, agent and UTC day", async () => {
  await day.refreshDaySalts(t.db, NOON);
  const morning = day.visitorOfDay("203.0.113.7", "Firefox", NOON - 11 * HOUR);
  assert.match(morning, /^[0-9a-f]{16}$/);
  assert.equal(day.visitorOfDay("203.0.113.200", "Firefox", NOON + 11 * HOUR), morning, "same /24, same agent, same day");
  assert.notEqual(day.visitorOfDay("203.0.114.7", "Firefox", NOON), morning, "another network");
  assert.notEqual(day.visitorOfDay("203.0.113.7", "Chrome", NOON), morning, "another agent");
  assert.notEqual(day.visitorOfDay("203.0.113.7", "Firefox", NOON + 13 * HOUR), morning, "the next day");
});

test("the salts are shared through the database, and the days before yesterday are deleted", async () => {
  await t.db.$executeRaw`INSERT INTO "DaySalt" ("day", "salt") VALUES ('2026-11-01', 'old')`;
  await day.refreshDaySalts(t.db, NOON);
  const rows = await t.db.$queryRaw<Array<{ day: string; salt: string }>>`SELECT "day", "salt" FROM "DaySalt" ORDER BY "day"`;
  assert.deepEqual(rows.map((r) => r.day), ["2026-11-29", "2026-11-30"]);
  const before = day.visitorOfDay("198.51.100.1", "Safari", NOON);
  // Another instance draws nothing new: it loads the same salt and makes the same pseudonym.
  await t.db.$executeRaw`UPDATE "DaySalt" SET "salt" = ${rows[0].salt} WHERE "day" = '2026-11-29'`;
  await day.refreshDaySalts(t.db, NOON + HOUR);
  assert.equal(day.visitorOfDay("198.51.100.1", "Safari", NOON), before);
  // A stored salt replaced (as a restored database would) gives other pseudonyms: the salt decides.
  await t.db.$executeRaw`UPDATE "DaySalt" SET "salt" = ${Buffer.alloc(32, 1).toString("base64")} WHERE "day" = '2026-11-29'`;
  await day.refreshDaySalts(t.db, NOON + HOUR);
  assert.notEqual(day.visitorOfDay("198.51.100.1", "Safari", NOON), before);
  await day.refreshDaySalts(t.db, NOON + 3 * 24 * HOUR);
  const left = await t.db.$queryRaw<Array<{ day: string }>>`SELECT "day" FROM "DaySalt" ORDER BY "day"`;
  assert.deepEqual(left.map((r) => r.day), ["2026-12-02", "2026-12-03"]);
});

test("a visitor's bucket is 0–99 and independent between links", () => {
  const buckets = new Set<number>();
  for (let i = 0; i < 50; i++) buckets.add(day.visitorBucket("0123456789abcdef", `link${i}`));
  for (const b of buckets) assert.ok(b >= 0 && b < 100);
  assert.ok(buckets.size > 20, "different links put one visitor in different buckets");
});
