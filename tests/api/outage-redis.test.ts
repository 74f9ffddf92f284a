import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import pgDriver from "pg";
import { addKey, api, createAccount, startOfHour, TEST_CLOCK, usageClockNow, type TestAccount } from "../helpers/api";
import { PASSWORD, person, send, signInAttempt } from "../helpers/dashboard-routes";
import { missingPostgres, missingRedis, startOwnPostgres, startOwnRedis, type OwnPostgres, type OwnRedis } from "../../scripts/harness/own-services";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";
import { PRIMARY, visit } from "../helpers/visit";

// Exact counts in the hourly window: each test starts a second into the hour (startOfHour).

// Redis of this file's own (stopped, frozen, flushed by the test) and a PostgreSQL of its own (two
// instances of one deployment share it). Policy under test (docs/API.md, "When Redis is away"):
// answers never wait on Redis for more than a moment, requests are counted in process meanwhile,
// with the rate headers, and Redis is used again when it returns, never below what was counted.
const skip = missingRedis() || missingPostgres();

const remaining = (res: { headers: Headers }) => Number(res.headers.get("x-ratelimit-remaining"));

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

describe("when Redis is away or loses its data", { skip }, () => {
  let redis: OwnRedis;
  let pg: OwnPostgres;
  let first: HopServer;
  let second: HopServer;
  before(async () => {
    [redis, pg] = await Promise.all([startOwnRedis(), startOwnPostgres()]);
    first = await startServer({ env: { REDIS_URL: redis.url, DATABASE_URL: pg.url, ...TEST_CLOCK } });
    second = await startServer({ shareWith: first });
  });
  beforeEach(() => startOfHour(first, second));
  after(async () => {
    await second?.stop();
    await first?.stop();
    await redis?.remove();
    await pg?.remove();
  });

  async function hourCountInDatabase(keyId: string): Promise<number> {
    const client = new pgDriver.Client({ connectionString: first.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ hourCount: number }>(`SELECT "hourCount" FROM "ApiKey" WHERE id = $1`, [keyId]);
      return rows[0]?.hourCount ?? 0;
    } finally {
      await client.end();
    }
  }

  const hourKey = (prefix: string, keyId: string) => `${prefix}:usage:${keyId}:h:${usageClockNow() - (usageClockNow() % 3_600_000)}`;

  // First, while both instances count in Redis (after an outage each returns to Redis on its own schedule).
  test("an instance whose cached key row is older re-seeds from the database row, not from its cache", async () => {
    const account = await createAccount(first);
    await admin(first, "account", "set-limits", "--email", account.email, "--hourly", "20");
    const early = await api(second, "GET", "/v1/account/limits", { key: account.key });
    assert.equal(remaining(early), 19, "the second instance caches the key row now, with 0 counted");
    for (let i = 0; i < 19; i += 1) assert.equal((await api(first, "GET", "/v1/account/limits", { key: account.key })).status, 200);
    // Both instances write their counters to the key row about once a second: wait until it holds all 20.
    const deadline = Date.now() + 15_000;
    while ((await hourCountInDatabase(account.keyId)) < 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    assert.equal(await hourCountInDatabase(account.keyId), 20, "the key row holds this hour's 20 requests");
    assert.equal(await redis.command("FLUSHALL"), "OK");
    const after = await api(second, "GET", "/v1/account/limits", { key: account.key });
    assert.equal(after.status, 429, "20 were counted this hour, as the database row says" + second.logs() + first.logs());
  });

  test("Redis stopped or frozen: the API answers within 1 s with the headers, counting on; visits unaffected; Redis back: counted there again", async () => {
    const account = await createAccount(first);
    const link = await api(first, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/r", slug: "redis-away" } });
    assert.equal(link.status, 201);
    let expected = 1000 - 1;
    const get = () => api(first, "GET", "/v1/account/limits", { key: account.key });
    // 1 s, or 1 s over the slowest answer with Redis up when a loaded machine is slower than that.
    let slowestUp = 0;
    const check = async (why: string) => {
      const { ms, value } = await timed(get);
      expected -= 1;
      assert.equal(value.status, 200, why);
      if (why === "Redis up") slowestUp = Math.max(slowestUp, ms);
      else assert.ok(ms < Math.max(1000, slowestUp + 1000), `${why}: answered in ${Math.round(ms)} ms (${Math.round(slowestUp)} ms with Redis up)`);
      assert.equal(remaining(value), expected, `${why}: counted on from where Redis was`);
      assert.equal(value.headers.get("x-ratelimit-limit"), "1000");
    };
    for (let i = 0; i < 3; i += 1) await check("Redis up");

    await redis.stop();
    try {
      for (let i = 0; i < 5; i += 1) await check(`Redis stopped, request ${i + 1}`);
      const { ms, value: visited } = await timed(() => visit(first, PRIMARY, "/redis-away"));
      assert.equal(visited.status, 302, "visits do not need Redis");
      assert.ok(ms < Math.max(1000, slowestUp + 1000), `the visit answered in ${Math.round(ms)} ms`);
    } finally {
      await redis.start();
    }
    const prefix = first.env.HOP_REDIS_PREFIX;
    const deadline = Date.now() + 10_000;
    while ((await redis.command("GET", hourKey(prefix, account.keyId))) === null) {
      assert.ok(Date.now() < deadline, "the counters went back to Redis within 10 s");
      await check("Redis restarting");
      await new Promise((r) => setTimeout(r, 100));
    }
    await check("Redis back");
    assert.equal(Number(await redis.command("GET", hourKey(prefix, account.keyId))), 1000 - expected, "Redis holds every request counted, none lost in the outage");

    redis.pause();
    try {
      for (let i = 0; i < 3; i += 1) await check(`Redis frozen, request ${i + 1}`);
    } finally {
      redis.resume();
    }
  });

  test("after FLUSHALL a key keeps its window: 20 + 20 requests with a limit of 20, the 21st is 429", async () => {
    const account: TestAccount = await createAccount(first);
    await admin(first, "account", "set-limits", "--email", account.email, "--hourly", "20");
    for (let i = 0; i < 20; i += 1) assert.equal((await api(first, "GET", "/v1/account/limits", { key: account.key })).status, 200);
    assert.equal(await redis.command("FLUSHALL"), "OK");
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await api(first, "GET", "/v1/account/limits", { key: account.key })).status);
    assert.deepEqual(statuses, Array(20).fill(429));
  });

  // Writes announce their change to the other instances over Redis and wait for it, but at most a
  // second (docs/visitor-path.md): past that the caches' TTLs are the backstop. Sign-in's throttle
  // counts in process while Redis does not answer. Everything the test needs is made while Redis is
  // up, and each request is first timed there: on a loaded machine a request may take longer than
  // 1.5 s without any outage, so the bound is 1.5 s or, when that is more, 1 s over its time with Redis up.
  for (const outage of ["hung", "down"] as const) {
    test(`Redis ${outage}: writes, key revocation and sign-in answer within 1.5 s; the sign-in throttle holds`, async (t) => {
      const owner = await person(first);
      const spares = { up: await addKey(first, owner.email, "full"), away: await addKey(first, owner.email, "full") };
      const link = await api(first, "POST", "/v1/links", { key: owner.key, body: { url: "https://example.com/w", slug: `write-${outage}` } });
      assert.equal(link.status, 201, link.text);
      const target = await person(first);
      const victim = await person(first);
      for (const spare of Object.values(spares)) {
        assert.equal((await api(first, "GET", "/v1/account/limits", { key: spare.key })).status, 200, "the key is cached on this instance");
      }

      const withRedisUp: Record<string, number> = {};
      const round = async (phase: "up" | "away") => {
        const within = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
          const { ms, value } = await timed(fn);
          if (phase === "up") {
            withRedisUp[what] = ms;
            return value;
          }
          const bound = Math.max(1_500, withRedisUp[what] + 1_000);
          t.diagnostic(`${what}: ${Math.round(ms)} ms with Redis ${outage}, ${Math.round(withRedisUp[what])} ms with Redis up`);
          assert.ok(ms <= bound, `${what} answered in ${Math.round(ms)} ms with Redis ${outage} (bound ${Math.round(bound)} ms)`);
          return value;
        };
        const spare = spares[phase];
        // First, as nothing has told this instance yet that Redis is away (an API request would: its
        // rate counter times out).
        const saved = await within("a dashboard save", () => send(first, "PUT", `/api/dashboard/links/${link.body.data.id}`, { cookie: owner.cookie, body: { title: `Saved ${phase}` } }));
        assert.equal(saved.status, 200, saved.text);
        const status = await within("PATCH /v1/links/{id}/status", () => api(first, "PATCH", `/v1/links/${link.body.data.id}/status`, { key: owner.key, body: { setActive: phase === "up" } }));
        assert.equal(status.status, 200, status.text);
        const revoked = await within("revoking a key", () => send(first, "DELETE", `/api/dashboard/keys/${spare.keyId}`, { cookie: owner.cookie }));
        assert.equal(revoked.status, 200, revoked.text);
        assert.equal((await api(first, "GET", "/v1/account/limits", { key: spare.key })).status, 401, "the revoked key is refused at once on this instance");
        const signedIn = await within("signing in", () => signInAttempt(first, target.email, PASSWORD));
        assert.equal(signedIn.status, 200);
        assert.ok(signedIn.session, "the right password signs in");
      };

      await round("up");
      if (outage === "hung") redis.pause();
      else await redis.stop();
      try {
        await round("away");
        const guesses = await Promise.all(Array.from({ length: 15 }, (_, i) => signInAttempt(first, victim.email, `guess-${i}`)));
        const statuses = guesses.map((g) => g.status);
        assert.deepEqual([...new Set(statuses)].filter((s) => s !== 401 && s !== 429), [], `only 401 and 429: ${statuses}`);
        assert.ok(statuses.filter((s) => s === 401).length <= 10, `at most 10 guesses tried: ${statuses}`);
        assert.ok(statuses.includes(429), `the rest refused: ${statuses}`);
      } finally {
        if (outage === "hung") redis.resume();
        else await redis.start();
      }
    });
  }
});
