import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { api, createAccount } from "../helpers/api";
import { startServer, usingPostgres, usingRedis, type HopServer } from "../../scripts/harness/hop-server";

// Requests that fail authentication are counted per client address, 60 a minute; past that the
// address gets 429 in the rate-limit shape, before any database read, until the minute ends. With
// REDIS_URL every instance counts together.
const unknownKey = () => `hop_live_pk_${randomBytes(30).toString("base64").replace(/[^A-Za-z0-9]/g, "").padEnd(40, "x").slice(0, 40)}`;

/** Waits out the end of the clock's minute when it is near, so a test's failures fall in one minute. */
async function wellInsideMinute() {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 40_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
}

describe("failed authentications per address", () => {
  let server: HopServer;
  before(async () => {
    server = await startServer({ env: { TRUST_PROXY: "true" } });
  });
  after(() => server.stop());

  test("the 61st failed authentication in a minute from one address is 429 with Retry-After; other addresses are not affected", async () => {
    const { key } = await createAccount(server);
    const from = (address: string, authorization?: string) =>
      api(server, "GET", "/v1/account/limits", { headers: { "x-forwarded-for": address, ...(authorization ? { authorization } : {}) } });

    // At once, so all fall in one clock minute; on a machine so slow that the minute still ended
    // before the 61st was answered, once more in the next minute from a fresh address.
    let address = "";
    let refused: Awaited<ReturnType<typeof from>>;
    for (let attempt = 0; ; attempt++) {
      await wellInsideMinute();
      const minute = Math.floor(Date.now() / 60_000);
      address = `198.51.100.${7 + attempt * 10}`;
      const failures = await Promise.all(Array.from({ length: 60 }, (_, i) => from(address, i % 10 === 0 ? undefined : `Bearer ${unknownKey()}`)));
      assert.deepEqual([...new Set(failures.map((res) => res.status))], [401]);
      refused = await from(address, `Bearer ${unknownKey()}`);
      if (attempt === 0 && Math.floor(Date.now() / 60_000) !== minute) continue;
      break;
    }
    assert.equal(refused.status, 429);
    const minuteEnd = Math.ceil(Date.now() / 60_000) * 60;
    assert.deepEqual(refused.body, {
      error: {
        code: "rate_limit_exceeded",
        message: refused.body.error.message,
        limit: 60,
        remaining: 0,
        resetAt: minuteEnd,
        window: "minute",
      },
    });
    const retryAfter = Number(refused.headers.get("retry-after"));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    assert.equal((await from(address, `Bearer ${key}`)).status, 429, "the address is refused whatever it sends until the minute ends");

    assert.equal((await from("198.51.100.8", `Bearer ${key}`)).status, 200, "another address is not affected");
    assert.equal((await from("198.51.100.8", `Bearer ${unknownKey()}`)).status, 401);
  });
});

if (usingRedis && usingPostgres) {
  describe("failed authentications per address across instances sharing Redis", () => {
    let first: HopServer;
    let second: HopServer;
    before(async () => {
      first = await startServer({ env: { TRUST_PROXY: "true" }, redisPrefix: `hoptest:${randomBytes(6).toString("hex")}` });
      second = await startServer({ shareWith: first });
    });
    after(async () => {
      await second?.stop();
      await first?.stop();
    });

    test("failures on two instances count toward one limit: 30 on each, then both refuse the address", async () => {
      // As above: once more from a fresh address in the next minute if this one ended meanwhile.
      for (let attempt = 0; ; attempt++) {
        await wellInsideMinute();
        const minute = Math.floor(Date.now() / 60_000);
        const address = `198.51.100.${9 + attempt * 10}`;
        const from = (server: HopServer) =>
          api(server, "GET", "/v1/account/limits", { headers: { "x-forwarded-for": address, authorization: `Bearer ${unknownKey()}` } });
        for (let i = 0; i < 60; i += 1) assert.equal((await from(i % 2 === 0 ? first : second)).status, 401, `failure ${i + 1}`);
        const answers = [(await from(first)).status, (await from(second)).status];
        if (attempt === 0 && Math.floor(Date.now() / 60_000) !== minute) continue;
        assert.deepEqual(answers, [429, 429]);
        break;
      }
    });
  });
}
