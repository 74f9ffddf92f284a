import { createHash, randomBytes } from "node:crypto";
import { isIPv4 } from "node:net";
import type { Db } from "../db/open";
import { noteDatabaseFailure } from "../db/outage";
import { log } from "../log";
import { shared } from "../shared";

// A visitor's pseudonym for one UTC day: SHA-256 over the day's salt, the address's network (an
// IPv4 /24, an IPv6 /48) and the user agent, cut to 16 hex characters. With no cookie and no
// stored address it keeps an A/B visitor on one variant through the day and counts unique
// visitors per day. The salt is random per day, shared by the instances through the database
// (`DaySalt`) and deleted once the day is over: after that nobody, Hop included, can tie a
// pseudonym back to an address.
//
// The visitor path never waits on the database for a salt: a background timer keeps today's and
// tomorrow's in memory, so midnight needs no read. An instance that has none for the day (the
// database away since it started) draws one of its own until the shared one loads; its
// pseudonyms differ from the other instances' meanwhile.

const DAY_MS = 24 * 60 * 60 * 1000;
export const DAY_SALT_REFRESH_MS = 10 * 60 * 1000;

interface DaySalts {
  byDay: Map<string, Buffer>;
  /** The day the last pseudonym was made for, so a visit formats no date. */
  current: { startsAt: number; endsAt: number; salt: Buffer | null; day: string };
}

const salts = (): DaySalts => shared("visitor-day-salts", () => ({ byDay: new Map(), current: { startsAt: 0, endsAt: 0, salt: null, day: "" } }));

/** The UTC day of an instant, `YYYY-MM-DD`. */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

function saltAt(at: number): Buffer {
  const state = salts();
  const current = state.current;
  if (current.salt && at >= current.startsAt && at < current.endsAt) return current.salt;
  const startsAt = Math.floor(at / DAY_MS) * DAY_MS;
  const day = utcDay(startsAt);
  let salt = state.byDay.get(day);
  if (!salt) {
    salt = randomBytes(32);
    state.byDay.set(day, salt);
  }
  state.current = { startsAt, endsAt: startsAt + DAY_MS, salt, day };
  return salt;
}

/** The part of an address that stays put for a visitor: an IPv4 /24, an IPv6 /48. */
export function addressNetwork(ip: string): string {
  if (isIPv4(ip)) return ip.slice(0, ip.lastIndexOf("."));
  const [head, tail] = ip.toLowerCase().split("::");
  const groups = head ? head.split(":") : [];
  if (tail !== undefined) while (groups.length < 3) groups.push("0");
  return groups.slice(0, 3).join(":");
}

// The last answers, kept: a visitor's requests come in runs (a page's links, a keep-alive
// connection), and two SHA-256 per visit took an A/B link to 0.72 of a plain one's rate.
const lastVisitor = { ip: "", userAgent: undefined as string | undefined, salt: null as Buffer | null, visitor: "" };
const lastBucket = { visitor: "", scope: "", bucket: 0 };

/** The visitor's pseudonym for the UTC day of `at` (16 hex characters). */
export function visitorOfDay(ip: string, userAgent: string | undefined, at: number): string {
  const salt = saltAt(at);
  if (salt === lastVisitor.salt && ip === lastVisitor.ip && userAgent === lastVisitor.userAgent) return lastVisitor.visitor;
  const visitor = createHash("sha256").update(salt).update(addressNetwork(ip)).update("\u0000").update(userAgent ?? "").digest("hex").slice(0, 16);
  lastVisitor.ip = ip;
  lastVisitor.userAgent = userAgent;
  lastVisitor.salt = salt;
  lastVisitor.visitor = visitor;
  return visitor;
}

/** A number in 0–99 for this visitor and `scope` (a link id): independent between scopes. */
export function visitorBucket(visitor: string, scope: string): number {
  if (visitor === lastBucket.visitor && scope === lastBucket.scope) return lastBucket.bucket;
  const bucket = createHash("sha256").update(visitor).update(scope).digest().readUInt32BE(0) % 100;
  lastBucket.visitor = visitor;
  lastBucket.scope = scope;
  lastBucket.bucket = bucket;
  return bucket;
}

/**
 * Makes sure today's and tomorrow's salts exist (the first instance to ask draws them), loads
 * them, and deletes the days before yesterday (kept a day for an instance whose clock is behind).
 */
export async function refreshDaySalts(db: Db, now = Date.now()): Promise<void> {
  const days = [utcDay(now), utcDay(now + DAY_MS)];
  for (const day of days) {
    await db.$executeRaw`INSERT INTO "DaySalt" ("day", "salt") VALUES (${day}, ${randomBytes(32).toString("base64")}) ON CONFLICT ("day") DO NOTHING`;
  }
  const rows = await db.$queryRaw<Array<{ day: string; salt: string }>>`SELECT "day", "salt" FROM "DaySalt" WHERE "day" IN (${days[0]}, ${days[1]})`;
  const state = salts();
  for (const row of rows) state.byDay.set(row.day, Buffer.from(row.salt, "base64"));
  state.current = { startsAt: 0, endsAt: 0, salt: null, day: "" };
  const yesterday = utcDay(now - DAY_MS);
  await db.$executeRaw`DELETE FROM "DaySalt" WHERE "day" < ${yesterday}`;
  for (const day of state.byDay.keys()) if (day < yesterday) state.byDay.delete(day);
}

/** Refreshes now (awaited) and every DAY_SALT_REFRESH_MS; returns the stop. */
export async function startDaySalts(db: Db, intervalMs = DAY_SALT_REFRESH_MS): Promise<() => void> {
  const refresh = () =>
    refreshDaySalts(db).catch((error: unknown) => void (noteDatabaseFailure(error) || log.warn("visitor day salts not refreshed", { error: String(error) })));
  await refresh();
  const timer = setInterval(refresh, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
