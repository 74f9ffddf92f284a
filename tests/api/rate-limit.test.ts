import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { api, createAccount, startOfHour, TEST_CLOCK, usageClockNow, type TestAccount } from "../helpers/api";
import { admin, startServer, usingPostgres, usingRedis, type HopServer } from "../../scripts/harness/hop-server";

// Exact counts in the hourly window: each test starts a second into the hour (startOfHour).

function rateHeaders(res: { headers: Headers }) {
  return {
    limit: Number(res.headers.get("x-ratelimit-limit")),
    remaining: Number(res.headers.get("x-ratelimit-remaining")),
    reset: Number(res.headers.get("x-ratelimit-reset")),
  };
}

async function accountWithLimits(server: HopServer, ...flags: string[]): Promise<TestAccount> {
  const account = await createAccount(server);
  await admin(server, "account", "set-limits", "--email", account.email, ...flags);
  return account;
}

describe("rate limits", () => {
  let server: HopServer;
  before(async () => {
    server = await startServer({ env: TEST_CLOCK });
  });
  beforeEach(() => startOfHour(server));
  after(() => server.stop());

  test("every response to a valid key carries the headers, Remaining going down by one", async () => {
    const { key } = await createAccount(server);
    const seen: number[] = [];
    for (const path of ["/v1/account/usage", "/v1/account/limits", "/v1/nowhere", "/v1/account/profile"]) {
      const res = await api(server, "GET", path, { key });
      const h = rateHeaders(res);
      assert.equal(h.limit, 1000, path);
      assert.equal(h.reset % 3600, 0, "the hourly window resets on the UTC hour");
      assert.ok(h.reset > usageClockNow() / 1000 && h.reset <= usageClockNow() / 1000 + 3600);
      seen.push(h.remaining);
    }
    assert.deepEqual(seen, [999, 998, 997, 996]);
  });

  test("the (hourly + 1)th request gets 429 with every member and Retry-After, and is not counted", async () => {
    const account = await accountWithLimits(server, "--hourly", "5");
    for (let i = 1; i <= 5; i += 1) {
      const res = await api(server, "GET", "/v1/account/limits", { key: account.key });
      assert.equal(res.status, 200);
      assert.equal(rateHeaders(res).remaining, 5 - i);
    }
    const refused = await api(server, "GET", "/v1/account/limits", { key: account.key });
    assert.equal(refused.status, 429);
    const hourEnd = Math.ceil(usageClockNow() / 3_600_000) * 3600;
    assert.deepEqual(Object.keys(refused.body.error).sort(), ["code", "limit", "message", "remaining", "resetAt", "window"]);
    assert.equal(refused.body.error.code, "rate_limit_exceeded");
    assert.equal(refused.body.error.limit, 5);
    assert.equal(refused.body.error.remaining, 0);
    assert.equal(refused.body.error.resetAt, hourEnd);
    assert.equal(refused.body.error.window, "hourly");
    const retryAfter = Number(refused.headers.get("retry-after"));
    assert.ok(retryAfter >= 1 && Math.abs(retryAfter - (hourEnd - usageClockNow() / 1000)) <= 2, `Retry-After ${retryAfter}`);
    assert.deepEqual(rateHeaders(refused), { limit: 5, remaining: 0, reset: hourEnd });
    await admin(server, "account", "set-limits", "--email", account.email, "--hourly", "100");
    const usage = await api(server, "GET", "/v1/account/usage", { key: account.key });
    assert.equal(usage.status, 200, "new limits apply on the very next request");
    assert.equal(usage.body.requestsThisHour, 6, "five counted, the 429 not, this one yes");
    assert.equal(usage.body.totalRequests, 6);
  });

  test("when the daily window is tighter, headers and the 429 follow it", async () => {
    const account = await accountWithLimits(server, "--hourly", "50", "--daily", "3");
    const first = await api(server, "GET", "/v1/account/limits", { key: account.key });
    assert.equal(rateHeaders(first).limit, 50, "X-RateLimit-Limit is the hourly limit");
    assert.equal(rateHeaders(first).remaining, 2);
    assert.equal(rateHeaders(first).reset % 86400, 0, "the daily window resets at UTC midnight");
    await api(server, "GET", "/v1/account/limits", { key: account.key });
    await api(server, "GET", "/v1/account/limits", { key: account.key });
    const refused = await api(server, "GET", "/v1/account/limits", { key: account.key });
    assert.equal(refused.status, 429);
    assert.equal(refused.body.error.window, "daily");
    assert.equal(refused.body.error.limit, 3);
    assert.equal(refused.body.error.resetAt % 86400, 0);
  });

  test("each key has its own window", async () => {
    const account = await accountWithLimits(server, "--hourly", "2");
    const other = await admin(server, "key", "create", "--email", account.email);
    await api(server, "GET", "/v1/account/limits", { key: account.key });
    await api(server, "GET", "/v1/account/limits", { key: account.key });
    assert.equal((await api(server, "GET", "/v1/account/limits", { key: account.key })).status, 429);
    assert.equal((await api(server, "GET", "/v1/account/limits", { key: String(other.key) })).status, 200);
  });

  test("usage figures are exact after N requests", async () => {
    const { key } = await createAccount(server);
    const n = 23;
    await Promise.all(Array.from({ length: n }, () => api(server, "GET", "/v1/account/limits", { key })));
    const usage = await api(server, "GET", "/v1/account/usage", { key });
    assert.equal(usage.body.requestsThisHour, n + 1);
    assert.equal(usage.body.requestsToday, n + 1);
    assert.equal(usage.body.totalRequests, n + 1);
    assert.deepEqual(usage.body.remaining, { hourly: 1000 - n - 1, daily: 10000 - n - 1 });
  });

  test("parallel requests never exceed the window", async () => {
    const account = await accountWithLimits(server, "--hourly", "10");
    const results = await Promise.all(Array.from({ length: 30 }, () => api(server, "GET", "/v1/account/limits", { key: account.key })));
    assert.equal(results.filter((r) => r.status === 200).length, 10);
    assert.equal(results.filter((r) => r.status === 429).length, 20);
  });
});

// Two instances of one deployment share a key's window only through Redis (and one database), so
// this part runs in the PostgreSQL + Redis pass of `npm test`.
if (usingRedis && usingPostgres) {
  describe("rate limits across two instances (Redis)", () => {
    let first: HopServer;
    let second: HopServer;
    before(async () => {
      first = await startServer({ env: TEST_CLOCK });
      second = await startServer({ shareWith: first });
    });
    beforeEach(() => startOfHour(first, second));
    after(async () => {
      await second.stop();
      await first.stop();
    });

    test("N requests spread over both instances fill one window; the next is refused on either", async () => {
      const account = await createAccount(first);
      await admin(first, "account", "set-limits", "--email", account.email, "--hourly", "8");
      for (let i = 0; i < 8; i += 1) {
        const res = await api(i % 2 ? second : first, "GET", "/v1/account/limits", { key: account.key });
        assert.equal(res.status, 200);
        assert.equal(rateHeaders(res).remaining, 7 - i);
      }
      assert.equal((await api(first, "GET", "/v1/account/limits", { key: account.key })).status, 429);
      assert.equal((await api(second, "GET", "/v1/account/limits", { key: account.key })).status, 429);
      await admin(second, "account", "set-limits", "--email", account.email, "--hourly", "9");
      const usage = await api(first, "GET", "/v1/account/usage", { key: account.key });
      assert.equal(usage.status, 200, "a limit raised through one instance applies on the other");
      assert.equal(usage.body.requestsThisHour, 9);
    });
  });
}
