import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, describe, test } from "node:test";
import { Redis } from "ioredis";
import { api, createAccount, linkAnalyticsWhen, type TestAccount } from "../helpers/api";
import { startServer, usingPostgres, usingRedis, type HopServer } from "../../scripts/harness/hop-server";
import { agent, PRIMARY, postForm, visit } from "../helpers/visit";

// docs/API.md "Extensions: schedule and click cap": startsAt and maxClicks on POST/PUT/bulk and
// every link object, and what visitors get (docs/redirect-behaviors.md): a 404 "not live yet"
// page before the start; after maxClicks counted visits, the expired answer — exactly at N, however
// many visits arrive at once (decision 039).

const CURL = "curl/8.5.0";
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

/** `count` visits at once; the Location (or status) of each. */
async function burst(server: HopServer, path: string, count: number): Promise<string[]> {
  const answers = await Promise.all(Array.from({ length: count }, () => visit(server, PRIMARY, path)));
  return answers.map((res) => (res.status === 302 ? String(res.headers.location) : String(res.status)));
}

const tally = (answers: string[]) => answers.reduce<Record<string, number>>((counts, answer) => ({ ...counts, [answer]: (counts[answer] ?? 0) + 1 }), {});

describe("links that start later and links with a click cap", () => {
  let server: HopServer;
  let account: TestAccount;
  before(async () => {
    server = await startServer();
    account = await createAccount(server);
  });
  after(() => server.stop());

  const create = (body: Record<string, unknown>) => api(server, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/live", ...body } });
  const put = (id: string, body: Record<string, unknown>) => api(server, "PUT", `/v1/links/${id}`, { key: account.key, body });

  test("startsAt and maxClicks: written on POST, PUT and bulk, read on every link object, refused when wrong", async () => {
    const plain = await create({ slug: "sc-plain" });
    assert.equal(plain.status, 201, plain.text);
    assert.equal(plain.body.data.startsAt, null);
    assert.equal(plain.body.data.maxClicks, null);
    const made = await create({ slug: "sc-both", startsAt: "2099-06-01T12:00:00+02:00", expiresAt: "2099-07-01T00:00:00Z", maxClicks: 500 });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.body.data.startsAt, "2099-06-01T10:00:00.000Z");
    assert.equal(made.body.data.maxClicks, 500);
    const got = await api(server, "GET", "/v1/links/sc-both", { key: account.key });
    assert.deepEqual([got.body.data.startsAt, got.body.data.maxClicks], ["2099-06-01T10:00:00.000Z", 500]);
    const listed = await api(server, "GET", "/v1/links?search=sc-both", { key: account.key });
    assert.deepEqual([listed.body.data[0].startsAt, listed.body.data[0].maxClicks], ["2099-06-01T10:00:00.000Z", 500]);
    const bulk = await api(server, "POST", "/v1/links/bulk", { key: account.key, body: { links: [{ url: "https://example.com/b", slug: "sc-bulk", startsAt: "2099-01-01T00:00:00Z", maxClicks: 7 }, { url: "https://example.com/b", slug: "sc-bulk-bad", maxClicks: 0 }] } });
    assert.equal(bulk.status, 200, bulk.text);
    assert.deepEqual([bulk.body.results.successful[0].startsAt, bulk.body.results.successful[0].maxClicks], ["2099-01-01T00:00:00.000Z", 7]);
    assert.equal(bulk.body.results.failed[0].error.code, "invalid_request");

    for (const startsAt of ["tomorrow", "2030-01-01T10:00", "2030-01-01", 1893456000]) {
      const res = await create({ slug: `sc-bad-${Math.random().toString(36).slice(2, 8)}`, startsAt });
      assert.deepEqual([res.status, res.body.code, res.body.field], [400, "INVALID_SCHEDULE", "startsAt"], String(startsAt));
    }
    const backwards = await create({ slug: "sc-backwards", startsAt: "2099-02-01T00:00:00Z", expiresAt: "2099-01-01T00:00:00Z" });
    assert.deepEqual([backwards.status, backwards.body.code, backwards.body.field], [400, "INVALID_SCHEDULE", "startsAt"]);
    for (const maxClicks of [0, -1, 1.5, "10", 1e10, true]) {
      const res = await create({ slug: `sc-cap-${Math.random().toString(36).slice(2, 8)}`, maxClicks });
      assert.equal(res.status, 400, String(maxClicks));
      assert.deepEqual([res.body.error.code, res.body.error.field], ["invalid_request", "maxClicks"], String(maxClicks));
    }
    // PUT compares with the stored expiry when only the start is sent; its 400 is flat.
    const late = await put("sc-both", { startsAt: "2099-08-01T00:00:00Z" });
    assert.deepEqual([late.status, late.body.code, late.body.field], [400, "INVALID_SCHEDULE", "startsAt"]);
    const badCap = await put("sc-both", { maxClicks: 0 });
    assert.deepEqual([badCap.status, badCap.body.field], [400, "maxClicks"]);
    const cleared = await put("sc-both", { startsAt: null, maxClicks: null });
    assert.equal(cleared.status, 200, cleared.text);
    assert.deepEqual(cleared.body.updatedFields.sort(), ["maxClicks", "startsAt"]);
    const after = await api(server, "GET", "/v1/links/sc-both", { key: account.key });
    assert.deepEqual([after.body.data.startsAt, after.body.data.maxClicks], [null, null]);
  });

  test("before startsAt every client gets the 404 'not live yet' page, uncounted; from it, the destination", async () => {
    const startsAt = new Date(Date.now() + 2500);
    assert.equal((await create({ slug: "sc-soon", startsAt: startsAt.toISOString() })).status, 201);
    for (const ua of [undefined, CURL, agent({ category: "bot" }), agent({ category: "preview" }), agent({ category: "in-app", os: "ios" })]) {
      const res = await visit(server, PRIMARY, "/sc-soon", { userAgent: ua });
      assert.equal(res.status, 404, ua);
      assert.match(res.body, /This link is not live yet/, ua);
      assert.doesNotMatch(res.body, /example\.com\/live/);
      assert.match(String(res.headers["content-security-policy"]), /default-src 'none'/);
    }
    const head = await visit(server, PRIMARY, "/sc-soon", { method: "HEAD" });
    assert.deepEqual([head.status, head.body], [404, ""]);
    await sleep(Math.max(0, startsAt.getTime() - Date.now()) + 20);
    const live = await visit(server, PRIMARY, "/sc-soon");
    assert.deepEqual([live.status, live.headers.location], [302, "https://example.com/live"]);
    const body = await linkAnalyticsWhen(server, account.key, "sc-soon", (b) => b.totalViews >= 1);
    assert.equal(body.totalViews, 1, "only the visit after the start is a view");
    // Moved into the future again by an update: not live at once (the cached entry is dropped).
    assert.equal((await put("sc-soon", { startsAt: inSeconds(3600) })).status, 200);
    assert.equal((await visit(server, PRIMARY, "/sc-soon")).status, 404);
  });

  test("a cap of N lets exactly N of many simultaneous visits through; the rest go to expiredUrl", async () => {
    assert.equal((await create({ slug: "sc-cap", maxClicks: 20, expiredUrl: "https://example.com/sold-out" })).status, 201);
    const answers = tally(await burst(server, "/sc-cap", 60));
    assert.deepEqual(answers, { "https://example.com/live": 20, "https://example.com/sold-out": 40 });
    for (const ua of [undefined, CURL, agent({ category: "bot" })]) {
      assert.equal((await visit(server, PRIMARY, "/sc-cap", { userAgent: ua })).headers.location, "https://example.com/sold-out", ua);
    }
    const body = await linkAnalyticsWhen(server, account.key, "sc-cap", (b) => b.totalViews >= 20);
    assert.equal(body.totalViews, 20);
  });

  test("bots, previews and HEAD never use the cap; past it without expiredUrl: 410; raising it opens exactly the difference", async () => {
    assert.equal((await create({ slug: "sc-bots", maxClicks: 3 })).status, 201);
    for (const ua of [CURL, agent({ category: "bot" }), agent({ category: "bot" })]) assert.equal((await visit(server, PRIMARY, "/sc-bots", { userAgent: ua })).status, 302, ua);
    assert.equal((await visit(server, PRIMARY, "/sc-bots", { userAgent: agent({ category: "preview" }) })).status, 200);
    assert.equal((await visit(server, PRIMARY, "/sc-bots", { method: "HEAD" })).status, 302);
    assert.deepEqual(tally(await burst(server, "/sc-bots", 8)), { "https://example.com/live": 3, "410": 5 });
    const gone = await visit(server, PRIMARY, "/sc-bots", { userAgent: CURL });
    assert.equal(gone.status, 410);
    assert.match(gone.body, /This link has expired/);
    assert.equal((await visit(server, PRIMARY, "/sc-bots", { method: "HEAD" })).status, 410);
    assert.equal((await put("sc-bots", { maxClicks: 5 })).status, 200);
    assert.deepEqual(tally(await burst(server, "/sc-bots", 6)), { "https://example.com/live": 2, "410": 4 });
  });

  test("a cap set on a link counts the views it already had", async () => {
    assert.equal((await create({ slug: "sc-later" })).status, 201);
    for (let i = 0; i < 4; i += 1) assert.equal((await visit(server, PRIMARY, "/sc-later")).status, 302);
    assert.equal((await put("sc-later", { maxClicks: 6 })).status, 200);
    assert.deepEqual(tally(await burst(server, "/sc-later", 5)), { "https://example.com/live": 2, "410": 3 });
    const body = await linkAnalyticsWhen(server, account.key, "sc-later", (b) => b.totalViews >= 6);
    assert.equal(body.totalViews, 6);
  });

  test("a capped link behind a password: the form uses nothing; the right password takes a visit; past the cap, expired", async () => {
    assert.equal((await create({ slug: "sc-pass", maxClicks: 1, password: "open sesame" })).status, 201);
    const form = await visit(server, PRIMARY, "/sc-pass");
    assert.equal(form.status, 200);
    assert.match(form.body, /password/i);
    const opened = await postForm(server, PRIMARY, "/sc-pass", { password: "open sesame" });
    assert.deepEqual([opened.status, opened.headers.location], [302, "https://example.com/live"]);
    const again = await postForm(server, PRIMARY, "/sc-pass", { password: "open sesame" });
    assert.equal(again.status, 410);
    assert.equal((await visit(server, PRIMARY, "/sc-pass")).status, 410);
  });

  test("another account's link: the new fields cannot be read or changed", async () => {
    const other = await createAccount(server);
    assert.equal((await create({ slug: "sc-mine", maxClicks: 9 })).status, 201);
    assert.equal((await api(server, "GET", "/v1/links/sc-mine", { key: other.key })).status, 404);
    assert.equal((await api(server, "PUT", "/v1/links/sc-mine", { key: other.key, body: { maxClicks: 1000 } })).status, 404);
    assert.equal((await api(server, "GET", "/v1/links/sc-mine", { key: account.key })).body.data.maxClicks, 9);
  });
});

if (usingPostgres && usingRedis) {
  describe("a click cap across two instances (PostgreSQL + Redis)", () => {
    let first: HopServer;
    let second: HopServer;
    before(async () => {
      // A lease held 3 s (250 ms by default): the 20 visits below fall inside it on a loaded machine too.
      first = await startServer({ env: { CLICK_CAP_LEASE_MS: "3000" } });
      second = await startServer({ shareWith: first });
    });
    after(async () => {
      await second.stop();
      await first.stop();
    });

    test("visits spread over both instances at once: exactly N get through", async () => {
      const account = await createAccount(first);
      const made = await api(first, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/live", slug: "sc-two", maxClicks: 30 } });
      assert.equal(made.status, 201, made.text);
      const answers = (await Promise.all([burst(first, "/sc-two", 45), burst(second, "/sc-two", 45)])).flat();
      assert.deepEqual(tally(answers), { "https://example.com/live": 30, "410": 60 });
      const body = await linkAnalyticsWhen(first, account.key, "sc-two", (b) => b.totalViews >= 30);
      assert.equal(body.totalViews, 30);
    });

    test("far from the cap an instance leases 100 slots at once and gives back what it did not use", async () => {
      const account = await createAccount(first);
      const made = await api(first, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/live", slug: "sc-lease", maxClicks: 6_450 } });
      assert.equal(made.status, 201, made.text);
      const redis = new Redis(process.env.REDIS_URL!);
      try {
        const pattern = `${first.env.HOP_REDIS_PREFIX}:cap:*`;
        const before = new Set(await redis.keys(pattern));
        assert.equal((await visit(first, PRIMARY, "/sc-lease")).status, 302);
        const key = (await redis.keys(pattern)).find((name) => !before.has(name))!;
        const counter = async () => Number(await redis.get(key));
        assert.equal(await counter(), 100, "one visit took a lease of 100 slots");
        assert.deepEqual(tally(await burst(first, "/sc-lease", 20)), { "https://example.com/live": 20 });
        assert.equal(await counter(), 100, "the next visits used the lease without asking");
        // The lease's unused slots go back CLICK_CAP_LEASE_MS after it was taken.
        for (const deadline = Date.now() + 10_000; (await counter()) !== 21 && Date.now() < deadline; ) await sleep(100);
        assert.equal(await counter(), 21, "the unused 79 went back");
        assert.deepEqual(tally(await burst(second, "/sc-lease", 5)), { "https://example.com/live": 5 });
      } finally {
        redis.disconnect();
      }
    });
  });
}
