import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { api, createAccount, startOfHour, TEST_CLOCK, usageClockNow, type TestAccount } from "../helpers/api";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// Exact counts in the hourly window: each test starts a second into the hour (startOfHour).

describe("GET /v1/account/usage", () => {
  let server: HopServer;
  let account: TestAccount;
  before(async () => {
    server = await startServer({ env: TEST_CLOCK });
    account = await createAccount(server);
  });
  beforeEach(() => startOfHour(server));
  after(() => server.stop());

  test("counts every request exactly, this one included", async () => {
    for (let i = 0; i < 7; i += 1) assert.equal((await api(server, "GET", "/v1/account/limits", { key: account.key })).status, 200);
    const res = await api(server, "GET", "/v1/account/usage", { key: account.key });
    assert.equal(res.status, 200);
    assert.equal(res.body.requestsToday, 8);
    assert.equal(res.body.requestsThisHour, 8);
    assert.equal(res.body.totalRequests, 8);
    assert.deepEqual(res.body.rateLimit, { hourly: 1000, daily: 10000 });
    assert.deepEqual(res.body.remaining, { hourly: 992, daily: 9992 });
    const now = usageClockNow() / 1000;
    assert.ok(res.body.resetAt.hourly > now && res.body.resetAt.hourly <= now + 3600);
    assert.equal(res.body.resetAt.hourly % 3600, 0);
    assert.equal(res.body.resetAt.daily % 86400, 0);
  });
});
