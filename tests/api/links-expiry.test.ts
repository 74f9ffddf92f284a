import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, describe, test } from "node:test";
import { api, createAccount, linkAnalyticsWhen, type TestAccount } from "../helpers/api";
import { type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";
import { agent, PRIMARY, visit } from "../helpers/visit";

// docs/API.md "Extensions": expiresAt and expiredUrl on POST/PUT /v1/links, and what visitors get
// once a link has expired (docs/redirect-behaviors.md).

const CURL = "curl/8.5.0";

describe("links that expire", () => {
  let server: HopServer;
  let account: TestAccount;
  before(async () => {
    server = await sharedServer();
    account = await createAccount(server);
  });
  after(() => server.stop());

  const create = (body: Record<string, unknown>) => api(server, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/live", ...body } });
  const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

  test("expiresAt must be an ISO 8601 date-time with an offset in the future, else 400 INVALID_EXPIRATION (flat)", async () => {
    for (const expiresAt of ["tomorrow", "2030-01-01T10:00", "2030-01-01", 1893456000, "2020-01-01T00:00:00Z", inSeconds(-5)]) {
      const res = await create({ slug: `bad-exp-${Math.random().toString(36).slice(2, 8)}`, expiresAt });
      assert.equal(res.status, 400, String(expiresAt));
      assert.equal(res.body.error, "Bad Request");
      assert.equal(res.body.code, "INVALID_EXPIRATION", String(expiresAt));
      assert.equal(res.body.field, "expiresAt");
      assert.equal(typeof res.body.message, "string");
    }
    const url = await create({ slug: "bad-exp-url", expiresAt: inSeconds(60), expiredUrl: "ftp://example.com" });
    assert.equal(url.status, 400);
    assert.deepEqual([url.body.code, url.body.field], ["INVALID_DESTINATION_URL", "expiredUrl"]);
    const offset = await create({ slug: "offset-exp", expiresAt: "2099-06-01T12:00:00+02:00" });
    assert.equal(offset.status, 201, offset.text);
    assert.equal(offset.body.data.expiresAt, "2099-06-01T10:00:00.000Z");
  });

  test("every link carries the read side; GET round-trips; PUT null removes", async () => {
    const plain = await create({ slug: "no-extras" });
    assert.equal(plain.status, 201);
    for (const field of ["expiresAt", "expiredUrl", "ios", "android"]) assert.equal(plain.body.data[field], null, field);
    assert.equal(plain.body.data.hasPassword, false);
    const when = inSeconds(3600);
    const made = await create({ slug: "round-trip-exp", expiresAt: when, expiredUrl: " https://example.com/over " });
    assert.equal(made.status, 201, made.text);
    const got = await api(server, "GET", "/v1/links/round-trip-exp", { key: account.key });
    assert.equal(got.body.data.expiresAt, when);
    assert.equal(got.body.data.expiredUrl, "https://example.com/over");
    const listed = await api(server, "GET", "/v1/links?search=round-trip-exp", { key: account.key });
    assert.equal(listed.body.data[0].expiresAt, when);
    const cleared = await api(server, "PUT", "/v1/links/round-trip-exp", { key: account.key, body: { expiresAt: null, expiredUrl: null } });
    assert.equal(cleared.status, 200, cleared.text);
    assert.deepEqual(cleared.body.updatedFields.sort(), ["expiredUrl", "expiresAt"]);
    const after = await api(server, "GET", "/v1/links/round-trip-exp", { key: account.key });
    assert.equal(after.body.data.expiresAt, null);
    assert.equal(after.body.data.expiredUrl, null);
  });

  test("a cached link stops redirecting within a second of its expiry, without any write: 302 to expiredUrl", async () => {
    const expiresAt = new Date(Date.now() + 2500);
    const made = await create({ slug: "soon-over", expiresAt: expiresAt.toISOString(), expiredUrl: "https://example.com/over" });
    assert.equal(made.status, 201, made.text);
    const before = await visit(server, PRIMARY, "/soon-over");
    assert.equal(before.status, 302);
    assert.equal(before.headers.location, "https://example.com/live");
    assert.equal((await visit(server, PRIMARY, "/soon-over")).headers.location, "https://example.com/live", "answered from the cache");
    await sleep(Math.max(0, expiresAt.getTime() - Date.now()) + 20);
    for (const ua of [undefined, CURL, agent({ category: "bot" }), agent({ category: "preview" })]) {
      const res = await visit(server, PRIMARY, "/soon-over", { userAgent: ua });
      assert.equal(res.status, 302, ua);
      assert.equal(res.headers.location, "https://example.com/over", ua);
    }
  });

  test("without an expired URL every client gets the 410 page; HEAD the same status without a body", async () => {
    const made = await create({ slug: "ended", expiresAt: inSeconds(1) });
    assert.equal(made.status, 201);
    await sleep(1100);
    for (const ua of [undefined, CURL, agent({ category: "bot" }), agent({ category: "preview" }), agent({ category: "in-app", os: "ios" })]) {
      const res = await visit(server, PRIMARY, "/ended", { userAgent: ua });
      assert.equal(res.status, 410, ua);
      assert.match(res.body, /This link has expired/);
      assert.doesNotMatch(res.body, /example\.com\/live/);
      assert.match(String(res.headers["content-security-policy"]), /default-src 'none'/);
    }
    const head = await visit(server, PRIMARY, "/ended", { method: "HEAD" });
    assert.equal(head.status, 410);
    assert.equal(head.body, "");
  });

  test("an update may move the expiry into the past (the link ends at once) or remove it (it works again)", async () => {
    assert.equal((await create({ slug: "end-now" })).status, 201);
    assert.equal((await visit(server, PRIMARY, "/end-now")).status, 302);
    const ended = await api(server, "PUT", "/v1/links/end-now", { key: account.key, body: { expiresAt: "2020-01-01T00:00:00Z" } });
    assert.equal(ended.status, 200, ended.text);
    assert.equal((await visit(server, PRIMARY, "/end-now")).status, 410);
    const bad = await api(server, "PUT", "/v1/links/end-now", { key: account.key, body: { expiresAt: "not a date" } });
    assert.deepEqual([bad.status, bad.body.code, bad.body.field], [400, "INVALID_EXPIRATION", "expiresAt"]);
    assert.equal((await api(server, "PUT", "/v1/links/end-now", { key: account.key, body: { expiresAt: null } })).status, 200);
    const again = await visit(server, PRIMARY, "/end-now");
    assert.equal(again.status, 302);
    assert.equal(again.headers.location, "https://example.com/live");
  });

  test("views of an expired link are not counted", async () => {
    assert.equal((await create({ slug: "uncounted", expiresAt: inSeconds(1) })).status, 201);
    await sleep(1100);
    for (let i = 0; i < 3; i += 1) assert.equal((await visit(server, PRIMARY, "/uncounted")).status, 410);
    // One counted view after them: once it shows, the three before it would have too.
    assert.equal((await api(server, "PUT", "/v1/links/uncounted", { key: account.key, body: { expiresAt: null } })).status, 200);
    assert.equal((await visit(server, PRIMARY, "/uncounted")).status, 302);
    const body = await linkAnalyticsWhen(server, account.key, "uncounted", (b) => b.totalViews >= 1);
    assert.equal(body.totalViews, 1);
  });
});
