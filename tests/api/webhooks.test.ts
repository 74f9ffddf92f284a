import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { addKey, api, createAccount, type TestAccount } from "../helpers/api";
import { startServer, usingPostgres, type HopServer } from "../../scripts/harness/hop-server";
import { PRIMARY, visit } from "../helpers/visit";

// /v1/webhooks and the deliveries (docs/webhooks.md): received by a real HTTP server started
// here, signatures verified with the Standard Webhooks library, retries, a SIGKILL between the
// change and its delivery, and two instances on one PostgreSQL database.

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver that answers `plan()`'s status for each request (200 unless told otherwise). */
async function receiver(plan: () => number = () => 200) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(plan()).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  open.push(server);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Every receiver is closed when the file ends, also after a failed assertion. */
const open: http.Server[] = [];
after(() => {
  for (const server of open) {
    server.closeAllConnections();
    server.close();
  }
});

async function until<T>(read: () => T, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const FAST = { WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_DELAYS: "1,1,1", WEBHOOK_POLL_MS: "100", WEBHOOK_CLICKS_PER_MINUTE: "5", TRUST_PROXY: "true" };

describe("webhooks", () => {
  let server: HopServer;
  before(async () => {
    server = await startServer({ env: FAST });
  });
  after(() => server.stop());

  const create = (account: TestAccount, url: string, events: string[], key = account.key) => api(server, "POST", "/v1/webhooks", { key, body: { url, events } });
  /** The webhook's newest delivery once it is no longer pending (the answer is recorded after the receiver saw it). */
  const settled = async (id: string, key: string) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [delivery] = (await api(server, "GET", `/v1/webhooks/${id}/deliveries`, { key })).body.data;
      if (delivery.status !== "pending" || Date.now() > deadline) return delivery;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  test("create shows the secret once; list hides it; full keys only; another account's webhook is 404; at most 10", async () => {
    const account = await createAccount(server);
    const made = await create(account, "http://127.0.0.1:9/hook", ["link.created", "link.deleted", "link.created"]);
    assert.equal(made.status, 201, made.text);
    const hook = made.body.data;
    assert.match(hook.id, /^whk_/);
    assert.match(hook.secret, /^whsec_[A-Za-z0-9+/]{32}$/);
    assert.equal(Buffer.from(hook.secret.slice(6), "base64").length, 24);
    assert.deepEqual([hook.url, hook.events, hook.isActive], ["http://127.0.0.1:9/hook", ["link.created", "link.deleted"], true]);
    const listed = await api(server, "GET", "/v1/webhooks", { key: account.key });
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body.data.map((w: { id: string }) => w.id), [hook.id]);
    assert.equal("secret" in listed.body.data[0], false);
    assert.doesNotMatch(listed.text, /whsec_/);
    for (const role of ["creator", "viewer"] as const) {
      const { key } = await addKey(server, account.email, role);
      assert.equal((await api(server, "GET", "/v1/webhooks", { key })).status, 403, role);
      assert.equal((await create(account, "http://127.0.0.1:9/x", ["link.created"], key)).status, 403, role);
    }
    const other = await createAccount(server);
    assert.equal((await api(server, "GET", `/v1/webhooks/${hook.id}/deliveries`, { key: other.key })).status, 404);
    assert.equal((await api(server, "DELETE", `/v1/webhooks/${hook.id}`, { key: other.key })).status, 404);
    assert.deepEqual((await api(server, "GET", "/v1/webhooks", { key: other.key })).body.data, []);
    for (let i = 2; i <= 10; i += 1) assert.equal((await create(account, `http://127.0.0.1:9/${i}`, ["link.created"])).status, 201);
    const eleventh = await create(account, "http://127.0.0.1:9/11", ["link.created"]);
    assert.equal(eleventh.status, 403);
    assert.equal(eleventh.body.error.code, "quota_exceeded");
    assert.equal((await api(server, "DELETE", `/v1/webhooks/${hook.id}`, { key: account.key })).status, 200);
    assert.equal((await api(server, "DELETE", `/v1/webhooks/${hook.id}`, { key: account.key })).status, 404);
  });

  test("bad input: an unknown event or a URL that is not http(s) is 400 naming the field", async () => {
    const account = await createAccount(server);
    const unknown = await create(account, "http://127.0.0.1:9/hook", ["link.created", "link.exploded"]);
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.error.field, /^events/);
    assert.equal((await create(account, "http://127.0.0.1:9/hook", [])).body.error.field, "events");
    const ftp = await create(account, "ftp://example.com/hook", ["link.created"]);
    assert.deepEqual([ftp.status, ftp.body.error.code, ftp.body.error.field], [400, "invalid_url", "url"]);
  });

  test("link events arrive signed as Standard Webhooks; a bulk delete sends one event per link", async () => {
    const hooks = await receiver();
    const account = await createAccount(server);
    const made = (await create(account, hooks.url, ["link.created", "link.updated", "link.deleted"])).body.data;
    const verifier = new Webhook(made.secret.slice("whsec_".length));
    assert.equal((await api(server, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/a", slug: "hooked-a" } })).status, 201);
    assert.equal((await api(server, "PUT", "/v1/links/hooked-a", { key: account.key, body: { title: "Now titled" } })).status, 200);
    assert.equal((await api(server, "POST", "/v1/links/bulk", { key: account.key, body: { links: [{ url: "https://example.com/b", slug: "hooked-b" }, { url: "https://example.com/c", slug: "hooked-c" }] } })).status, 200);
    assert.equal((await api(server, "DELETE", "/v1/links/bulk", { key: account.key, body: { links: ["hooked-a", "hooked-b", "hooked-c"] } })).status, 200);
    await until(() => hooks.received.length, (n) => n >= 7);
    const events = hooks.received.map((r) => {
      const payload = verifier.verify(r.body, r.headers as Record<string, string>) as { type: string; timestamp: string; data: { id: string; title?: string } };
      assert.equal(r.headers["content-type"], "application/json");
      assert.match(String(r.headers["webhook-id"]), /^msg_/);
      return `${payload.type} ${payload.data.id}${payload.type === "link.updated" ? ` ${payload.data.title}` : ""}`;
    });
    assert.deepEqual(events.sort(), ["link.created hooked-a", "link.created hooked-b", "link.created hooked-c", "link.deleted hooked-a", "link.deleted hooked-b", "link.deleted hooked-c", "link.updated hooked-a Now titled"]);
    const tampered = hooks.received[0];
    assert.throws(() => verifier.verify(tampered.body.replace("hooked", "hacked"), tampered.headers as Record<string, string>));
    // An attempt's outcome is written when its answer has been read: the receiver may have the
    // last request a moment before the server has its 200.
    type Delivery = { status: string; attempts: number; lastStatusCode: number };
    let deliveries: Delivery[] = [];
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
      deliveries = (await api(server, "GET", `/v1/webhooks/${made.id}/deliveries`, { key: account.key })).body.data;
      if (deliveries.length === 7 && deliveries.every((d) => d.status === "delivered")) break;
    }
    assert.equal(deliveries.length, 7);
    assert.ok(deliveries.every((d) => d.status === "delivered" && d.attempts === 1 && d.lastStatusCode === 200), JSON.stringify(deliveries));
    assert.equal(hooks.received.length, 7, "each sent once");
    await hooks.close();
  });

  test("link.clicked: one event per counted view (no bots), capped per webhook a minute, the excess counted", async () => {
    const hooks = await receiver();
    const account = await createAccount(server);
    const made = (await create(account, hooks.url, ["link.clicked"])).body.data;
    assert.equal((await api(server, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/clicked", slug: "clicked", ios: "https://apps.apple.com/app/id7" } })).status, 201);
    const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
    assert.equal((await visit(server, PRIMARY, "/clicked", { userAgent: iphone, headers: { "cf-ipcountry": "FR", referer: "https://news.example.org/post" } })).status, 302);
    assert.equal((await visit(server, PRIMARY, "/clicked", { userAgent: "curl/8.5.0" })).status, 302);
    await until(() => hooks.received.length, (n) => n >= 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(hooks.received.length, 1, "curl is not a counted view");
    const event = new Webhook(made.secret.slice(6)).verify(hooks.received[0].body, hooks.received[0].headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
    assert.equal(event.type, "link.clicked");
    assert.deepEqual(event.data, { linkId: "clicked", url: "https://apps.apple.com/app/id7", country: "FR", device: "mobile", referrer: "news.example.org" });
    assert.doesNotMatch(hooks.received[0].body, /127\.0\.0\.1/, "no IP");
    for (let i = 0; i < 7; i += 1) assert.equal((await visit(server, PRIMARY, "/clicked", { headers: { "x-forwarded-for": `198.51.100.${i}`, "accept-language": `x-${i}` } })).status, 302);
    await until(() => hooks.received.length, (n) => n >= 5);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(hooks.received.length, 5, "at most 5 a minute (WEBHOOK_CLICKS_PER_MINUTE)");
    const listed = (await api(server, "GET", "/v1/webhooks", { key: account.key })).body.data[0];
    assert.equal(listed.clicksOverCap, 3);
    await hooks.close();
  });

  test("a receiver that fails twice, then answers 2xx, gets the event on the third attempt (same webhook-id)", async () => {
    let calls = 0;
    const hooks = await receiver(() => (++calls <= 2 ? 503 : 204));
    const account = await createAccount(server);
    const made = (await create(account, hooks.url, ["link.created"])).body.data;
    assert.equal((await api(server, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/r", slug: "retried" } })).status, 201);
    await until(() => hooks.received.length, (n) => n >= 3);
    assert.equal(hooks.received.length, 3);
    assert.equal(new Set(hooks.received.map((r) => r.headers["webhook-id"])).size, 1);
    const delivery = await settled(made.id, account.key);
    assert.deepEqual([delivery.status, delivery.attempts, delivery.lastStatusCode], ["delivered", 3, 204]);
    await hooks.close();
  });

  test("after the last retry the delivery is failed, and the log says so", async () => {
    const hooks = await receiver(() => 500);
    const account = await createAccount(server);
    const made = (await create(account, hooks.url, ["link.created"])).body.data;
    assert.equal((await api(server, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/f", slug: "never-taken" } })).status, 201);
    await until(() => hooks.received.length, (n) => n >= 4);
    const delivery = await settled(made.id, account.key);
    assert.deepEqual([delivery.status, delivery.attempts, delivery.lastStatusCode, delivery.nextAttemptAt], ["failed", 4, 500, null]);
    assert.equal(hooks.received.length, 4, "1 attempt + 3 retries (WEBHOOK_RETRY_DELAYS=1,1,1)");
    await hooks.close();
  });
});

describe("webhook deliveries survive the process", () => {
  test("a server killed (SIGKILL) between the change and the delivery delivers after its restart", async () => {
    const hooks = await receiver();
    // A worker that never comes round before the kill.
    const first = await startServer({ env: { ...FAST, WEBHOOK_POLL_MS: "600000" } });
    const account = await createAccount(first);
    const made = (await api(first, "POST", "/v1/webhooks", { key: account.key, body: { url: hooks.url, events: ["link.created"] } })).body.data;
    assert.equal((await api(first, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/k", slug: "before-kill" } })).status, 201);
    await first.stop("SIGKILL", { keepData: true });
    assert.equal(hooks.received.length, 0);
    const second = await startServer({ reuse: first, env: { WEBHOOK_POLL_MS: "100" } });
    try {
      await until(() => hooks.received.length, (n) => n >= 1);
      const payload = new Webhook(made.secret.slice(6)).verify(hooks.received[0].body, hooks.received[0].headers as Record<string, string>) as { data: { id: string } };
      assert.equal(payload.data.id, "before-kill");
    } finally {
      await second.stop();
      await hooks.close();
    }
  });

  test("two instances on one PostgreSQL database deliver each event once", { skip: !usingPostgres && "PostgreSQL only: PGlite is one process's" }, async () => {
    const hooks = await receiver();
    const a = await startServer({ env: { ...FAST, WEBHOOK_POLL_MS: "50" } });
    const b = await startServer({ shareWith: a, env: { WEBHOOK_POLL_MS: "50" } });
    try {
      const account = await createAccount(a);
      assert.equal((await api(a, "POST", "/v1/webhooks", { key: account.key, body: { url: hooks.url, events: ["link.created"] } })).status, 201);
      const links = Array.from({ length: 60 }, (_, i) => ({ url: `https://example.com/${i}`, slug: `twice-${i}` }));
      assert.equal((await api(a, "POST", "/v1/links/bulk", { key: account.key, body: { links } })).status, 200);
      await until(() => hooks.received.length, (n) => n >= 60);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const ids = hooks.received.map((r) => r.headers["webhook-id"]);
      assert.equal(ids.length, 60);
      assert.equal(new Set(ids).size, 60);
    } finally {
      await b.stop();
      await a.stop();
      await hooks.close();
    }
  });
});
