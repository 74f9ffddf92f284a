import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import { tunable } from "../config";
import { readSql } from "../db/open";
import { flushEvents } from "../events/flush-events";
import { errorFields, log } from "../log";
import { answerWithin, capRedis, COUNTER_TIMEOUT_MS, markRedisAway, redisAway, redisKey, whenReady } from "../redis/client";
import { shared } from "../shared";

// A link's click cap (`maxClicks`, docs/redirect-behaviors.md): each counted visit takes one of the
// link's slots before it is answered; a visit that finds none left gets the expired answer. The
// slots taken are a counter, not a database write per visit (decision 039):
// - with REDIS_URL, one Redis key per capped link, taken by a script that never counts past the
//   cap (atomic across every instance, so N concurrent visits on several instances get exactly
//   `maxClicks` through; a refused visit leaves the count as it was, so raising the cap later
//   opens exactly the difference);
//   Far from the cap a process leases slots in blocks and hands them out without a round trip;
//   near it, one per call (see LEASE_SLOTS);
// - without it, a counter in this process; while Redis is away, Redis's last count of the link
//   plus this process's slots since, which go to Redis with its next command (see Away).
// A counter that does not exist yet (the link's first capped visit, a Redis restart, an evicted
// entry) is seeded from the views the database holds for the link, after this process's queued
// events were written: the cap counts every view the link has had, as its analytics show them.

/** The key lives this long after its last visit; a later visit seeds it again from the database. */
const KEY_TTL_MS = 30 * 24 * 3_600_000;
/** Capped links whose counters this process keeps (past it the least recently visited is seeded again). */
const MAX_IN_PROCESS = 100_000;

/**
 * Slots a process takes from Redis at once while many are left (a lease): its next visits take
 * them here without asking. Below LEASE_FLOOR left, one slot per call, so the end is exact; slots
 * a lease did not use go back after CLICK_CAP_LEASE_MS (250 ms by default).
 */
const LEASE_SLOTS = 100;
const LEASE_FLOOR = 64 * LEASE_SLOTS;

// ARGV: the cap, the seed ('' when unknown), '1' take / '0' look, the key's TTL, slots wanted, the
// floor below which one is given, slots this process gave out while Redis was away (added first).
// Answers {-1, 0} (no counter: seed it), or {slots taken, the counter after}: {0, n} when none is
// left (a look: {1, n} when one is left).
const TAKE_SCRIPT = `
local v = tonumber(redis.call('GET', KEYS[1]))
if not v then
  if ARGV[2] == '' then return {-1, 0} end
  v = tonumber(ARGV[2])
else
  v = v + tonumber(ARGV[7])
end
local room = tonumber(ARGV[1]) - v
if ARGV[3] ~= '1' then
  if tonumber(ARGV[7]) > 0 then redis.call('SET', KEYS[1], v, 'PX', ARGV[4]) end
  if room > 0 then return {1, v} end
  return {0, v}
end
if room <= 0 then
  redis.call('SET', KEYS[1], v, 'PX', ARGV[4])
  return {0, v}
end
local got = 1
if room > tonumber(ARGV[6]) then got = tonumber(ARGV[5]) end
redis.call('SET', KEYS[1], v + got, 'PX', ARGV[4])
return {got, v + got}
`;

const GIVE_BACK_SCRIPT = `
local v = tonumber(redis.call('GET', KEYS[1]))
if not v then return 0 end
local n = math.min(v, tonumber(ARGV[1]))
redis.call('DECRBY', KEYS[1], n)
return n
`;

export interface CappedLink {
  id: string;
  maxClicks: number | null;
}

/** Views the database holds for the link (every hour's totals). */
async function storedViews(linkId: string): Promise<number> {
  // This process's queued visits first, so the seed includes them (the only writer without Redis).
  await flushEvents({ force: true });
  const [row] = await (await readSql())<{ n: number }>(`SELECT COALESCE(SUM("views"), 0)::int AS "n" FROM "EventRollup" WHERE "linkId" = $1 AND "dimension" = ''`, [linkId]);
  return Number(row?.n ?? 0);
}

class InProcessCounters {
  readonly taken = new LRUCache<string, { n: number }>({ max: MAX_IN_PROCESS });
  readonly #seeding = new Map<string, Promise<{ n: number }>>();

  /** The link's counter, or a promise of it while it is read from the database (one read per link). */
  counter(linkId: string): { n: number } | Promise<{ n: number }> {
    const known = this.taken.get(linkId);
    if (known) return known;
    let seeding = this.#seeding.get(linkId);
    if (!seeding) {
      seeding = storedViews(linkId).then(
        (n) => {
          this.#seeding.delete(linkId);
          // A visit counted while the seed was read (after the entry was evicted) keeps its count.
          const counter = this.taken.get(linkId) ?? { n };
          this.taken.set(linkId, counter);
          return counter;
        },
        (error: unknown) => {
          this.#seeding.delete(linkId);
          throw error;
        },
      );
      this.#seeding.set(linkId, seeding);
    }
    return seeding;
  }
}

const decide = (counter: { n: number }, max: number, take: boolean): boolean => {
  if (counter.n >= max) return false;
  if (take) counter.n += 1;
  return true;
};

function inProcess(link: CappedLink, take: boolean): boolean | Promise<boolean> {
  const counters = shared("clickCapCounters", () => new InProcessCounters());
  const counter = counters.counter(link.id);
  if (!(counter instanceof Promise)) return decide(counter, link.maxClicks!, take);
  return counter.then((seeded) => decide(seeded, link.maxClicks!, take));
}

/**
 * While Redis is away: a link's counter as Redis last answered it (every instance's slots then) and
 * the slots this process gave out since, which go to Redis with its next command for the link. So
 * an outage neither restarts the count from what the database has seen nor, once Redis is back,
 * loses the visits of the away time (decision 039).
 */
interface Away {
  known: number | null;
  unsent: number;
}
const awayCounts = () => shared("clickCapAway", () => new LRUCache<string, Away>({ max: MAX_IN_PROCESS }));

function awayOf(linkId: string): Away {
  let state = awayCounts().get(linkId);
  if (!state) awayCounts().set(linkId, (state = { known: null, unsent: 0 }));
  return state;
}

/** The decision while Redis is away: from Redis's last count when there is one, else the database's. */
function whileAway(link: CappedLink, take: boolean): boolean | Promise<boolean> {
  const state = awayOf(link.id);
  if (state.known !== null) {
    if (state.known + state.unsent >= link.maxClicks!) return false;
    if (take) state.unsent += 1;
    return true;
  }
  const decided = inProcess(link, take);
  const note = (fits: boolean) => {
    if (fits && take) state.unsent += 1;
    return fits;
  };
  return decided instanceof Promise ? decided.then(note) : note(decided);
}

const lastLog = { at: 0 };

type CapScripts = Redis & {
  hopCapTake(key: string, max: number, seed: string, take: string, ttl: number, want: number, floor: number, unsent: number): Promise<[number, number]>;
  hopCapGiveBack(key: string, slots: number): Promise<number>;
};

function scripts(client: Redis): CapScripts {
  return shared("clickCapScripts", () => {
    client.defineCommand("hopCapTake", { numberOfKeys: 1, lua: TAKE_SCRIPT });
    client.defineCommand("hopCapGiveBack", { numberOfKeys: 1, lua: GIVE_BACK_SCRIPT });
    return client as CapScripts;
  });
}

/** The script's answer (slots taken), or null when Redis failed or timed out (then this process counts). */
async function runScript(client: Redis, link: CappedLink, seed: string, take: boolean): Promise<number | null> {
  const state = awayCounts().get(link.id);
  // A seeded counter starts from the database's views, which hold the away visits once written.
  const unsent = seed === "" ? (state?.unsent ?? 0) : 0;
  let abandoned = false;
  try {
    // The connection opens with the first capped visit: that visit waits for it within the deadline.
    const script = whenReady(client).then(() => {
      if (abandoned) throw new Error("decided without Redis");
      return scripts(client).hopCapTake(redisKey("cap", link.id), link.maxClicks!, seed, take ? "1" : "0", KEY_TTL_MS, LEASE_SLOTS, LEASE_FLOOR, unsent);
    });
    const [got, counter] = await answerWithin(script, COUNTER_TIMEOUT_MS);
    if (got !== -1) {
      const now = awayOf(link.id);
      now.known = counter;
      now.unsent = seed === "" ? now.unsent - unsent : 0;
    }
    return got;
  } catch (error) {
    abandoned = true;
    // The cap's own verdict (only its own failures set it), and the counters' too.
    markRedisAway("caps");
    markRedisAway();
    if (Date.now() - lastLog.at > 10_000) {
      lastLog.at = Date.now();
      log.warn("click cap: redis unavailable, counting in process", errorFields(error));
    }
    return null;
  }
}

async function askRedis(client: Redis, link: CappedLink, take: boolean): Promise<number | null> {
  const answer = await runScript(client, link, "", take);
  // A database failure while seeding is the visit's (503), not Redis's.
  return answer === -1 ? runScript(client, link, String(await storedViews(link.id)), take) : answer;
}

/** Slots this process holds for a link (a lease), and the one request for more under way. */
interface Lease {
  left: number;
  /** The cap they were taken under: a changed cap asks Redis again. */
  max: number;
  pending: Promise<unknown> | null;
  timer: NodeJS.Timeout | null;
  /** The last answer gave one slot (near the end): visits ask for theirs side by side, not in turn. */
  single: boolean;
}

const leases = () => shared("clickCapLeases", () => new Map<string, Lease>());

/** The lease's unused slots back to Redis (lost if Redis is away: the link may end that many early). */
function giveBack(client: Redis, linkId: string, lease: Lease): void {
  lease.timer = null;
  const slots = lease.left;
  lease.left = 0;
  if (!lease.pending) leases().delete(linkId);
  if (slots > 0) scripts(client).hopCapGiveBack(redisKey("cap", linkId), slots).catch(() => undefined);
}

function takeInRedis(client: Redis, link: CappedLink): boolean | Promise<boolean> {
  const lease = leases().get(link.id);
  if (lease && lease.max === link.maxClicks) {
    if (lease.left > 0) {
      lease.left -= 1;
      return true;
    }
    // A lease is on its way: wait for it rather than ask for another.
    if (lease.pending && !lease.single) return lease.pending.then(() => takeInRedis(client, link));
  }
  return requestSlots(client, link);
}

async function requestSlots(client: Redis, link: CappedLink): Promise<boolean> {
  const map = leases();
  let lease = map.get(link.id);
  if (!lease || lease.max !== link.maxClicks) {
    if (lease?.timer) clearTimeout(lease.timer);
    if (lease) giveBack(client, link.id, lease);
    lease = { left: 0, max: link.maxClicks!, pending: null, timer: null, single: false };
    map.set(link.id, lease);
  }
  const asking = askRedis(client, link, true);
  // Only a lease is worth waiting for; one slot at a time (near the end) each visit asks itself.
  const current = lease;
  if (!current.single) current.pending = asking;
  const got = await asking.finally(() => {
    if (current.pending === asking) current.pending = null;
  });
  if (got === null) return whileAway(link, true);
  current.single = got <= 1;
  if (got > 1) {
    current.left += got - 1;
    current.timer ??= setTimeout(giveBack, tunable("CLICK_CAP_LEASE_MS"), client, link.id, current).unref();
  } else if (!current.left && !current.pending && !current.timer) {
    map.delete(link.id);
  }
  return got >= 1;
}

/**
 * Opens the cap's connection and defines its scripts at start: otherwise the first capped visit
 * after a start waits for the connection within the cap's deadline, and a burst on a cold (or
 * busy) instance would decide "Redis away" from its own counts.
 */
export function openClickCapConnection(): void {
  const client = capRedis();
  if (client) scripts(client);
}

function decideCap(link: CappedLink, take: boolean): boolean | Promise<boolean> {
  const client = capRedis();
  if (!client) return inProcess(link, take);
  if (redisAway("caps")) return whileAway(link, take);
  if (take) return takeInRedis(client, link);
  const lease = leases().get(link.id);
  if (lease && lease.max === link.maxClicks && lease.left > 0) return true;
  return askRedis(client, link, false).then((answer) => (answer === null ? whileAway(link, false) : answer === 1));
}

/**
 * Takes one of the link's slots for a counted visit: true when it fits the cap (the visit goes
 * on and is recorded), false when the cap is used up. A boolean when this process can tell at
 * once (its own counter), else a promise.
 */
export function takeCappedVisit(link: CappedLink): boolean | Promise<boolean> {
  return decideCap(link, true);
}

/** Whether the cap still has room, taking nothing: for visits that are never counted (bots, HEAD, the password form). */
export function capHasRoom(link: CappedLink): boolean | Promise<boolean> {
  return decideCap(link, false);
}
