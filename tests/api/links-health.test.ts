import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// Link health end to end (docs/link-health.md): the server's own sweep checks destinations served
// by real HTTP servers started here — 200, 301 to another origin, 404, one that never answers,
// one that refuses HEAD — and a link that turns broken sends link.broken once, however often it is
// checked again. The servers are on loopback, so this server has WEBHOOK_ALLOW_PRIVATE=true; the
// refusal without it is tests/unit/link-health.test.ts. Re-checks every 1.8 s, a pass every 200 ms.

const open: http.Server[] = [];
after(() => {
  for (const server of open) {
    server.closeAllConnections();
    server.close();
  }
});

/** A loopback server answering `handler`; its URL and the methods it was asked with. */
async function destination(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const methods: string[] = [];
  const server = http.createServer((req, res) => {
    methods.push(req.method ?? "");
    req.resume();
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  open.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/page`, methods };
}

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = 40_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const FAST = { WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_POLL_MS: "100", LINK_HEALTH_SWEEP_MS: "200", LINK_HEALTH_INTERVAL_HOURS: "0.0005", LINK_HEALTH_PER_HOST_PER_MINUTE: "1000" };

interface Health {
  state: string;
  status: number | null;
  error: string | null;
  checkedAt: string | null;
  finalUrl: string | null;
}

describe("link health", () => {
  let server: HopServer;
  before(async () => {
    server = await startServer({ env: FAST });
  });
  after(() => server.stop());

  const makeLink = async (account: TestAccount, slug: string, url: string) => {
    const made = await api(server, "POST", "/v1/links", { key: account.key, body: { url, slug } });
    assert.equal(made.status, 201, made.text);
    return made.body.data as { id: string; health: Health };
  };
  const healthOf = async (account: TestAccount, id: string) => (await api(server, "GET", `/v1/links/${id}`, { key: account.key })).body.data.health as Health;
  const listed = async (account: TestAccount, health: string) => {
    const answer = await api(server, "GET", `/v1/links?health=${health}`, { key: account.key });
    assert.equal(answer.status, 200, answer.text);
    return (answer.body.data as Array<{ id: string }>).map((l) => l.id).sort();
  };

  test("ok, redirected, broken (status and no answer), HEAD refused then GET; the filter; link.broken once; another account sees none of it", async () => {
    const final = await destination((_req, res) => res.writeHead(200).end());
    const ok = await destination((_req, res) => res.writeHead(200).end("hello"));
    const moved = await destination((_req, res) => res.writeHead(301, { location: final.url }).end());
    const gone = await destination((_req, res) => res.writeHead(404).end());
    const silent = await destination(() => undefined);
    const headless = await destination((req, res) => res.writeHead(req.method === "HEAD" ? 405 : 200).end(req.method === "HEAD" ? undefined : "x".repeat(200_000)));
    let flakyStatus = 200;
    const flaky = await destination((_req, res) => res.writeHead(flakyStatus).end());
    const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
    const hooks = await destination((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200).end();
      });
    });

    const a = await createAccount(server);
    const b = await createAccount(server);
    const hook = await api(server, "POST", "/v1/webhooks", { key: a.key, body: { url: hooks.url, events: ["link.broken"] } });
    assert.equal(hook.status, 201, hook.text);
    const created = await makeLink(a, "health-ok", ok.url);
    assert.deepEqual(created.health, { state: "unchecked", status: null, error: null, checkedAt: null, finalUrl: null }, "not checked on the way in");
    await makeLink(a, "health-moved", moved.url);
    await makeLink(a, "health-gone", gone.url);
    await makeLink(a, "health-silent", silent.url);
    await makeLink(a, "health-headless", headless.url);
    await makeLink(a, "health-flaky", flaky.url);
    await makeLink(b, "health-b-gone", gone.url);
    await makeLink(b, "health-b-ok", ok.url);

    // The silent one takes the 10 s deadline.
    const all = await until(() => listed(a, "unchecked"), (ids) => ids.length === 0);
    assert.deepEqual(all, [], "every link of A checked");
    const okHealth = await healthOf(a, "health-ok");
    assert.deepEqual([okHealth.state, okHealth.status, okHealth.error, okHealth.finalUrl], ["ok", 200, null, null]);
    assert.ok(Date.parse(okHealth.checkedAt!) > Date.now() - 60_000);
    const movedHealth = await healthOf(a, "health-moved");
    assert.deepEqual([movedHealth.state, movedHealth.status, movedHealth.finalUrl], ["redirected", 200, final.url]);
    const goneHealth = await healthOf(a, "health-gone");
    assert.deepEqual([goneHealth.state, goneHealth.status, goneHealth.error], ["broken", 404, null]);
    const silentHealth = await healthOf(a, "health-silent");
    assert.deepEqual([silentHealth.state, silentHealth.status], ["broken", null]);
    assert.match(String(silentHealth.error), /no complete answer within 10 s/);
    assert.deepEqual([(await healthOf(a, "health-headless")).state, (await healthOf(a, "health-headless")).status], ["ok", 200]);
    assert.deepEqual(headless.methods.slice(0, 2), ["HEAD", "GET"], "GET only after HEAD was refused");
    assert.ok(ok.methods.length >= 1 && ok.methods.every((m) => m === "HEAD"), "HEAD alone when it is answered");

    // The filter, per account.
    assert.deepEqual(await listed(a, "broken"), ["health-gone", "health-silent"]);
    assert.deepEqual(await listed(a, "redirected"), ["health-moved"]);
    assert.deepEqual(await listed(a, "ok"), ["health-flaky", "health-headless", "health-ok"]);
    const bBroken = await until(() => listed(b, "broken"), (ids) => ids.length === 1);
    assert.deepEqual(bBroken, ["health-b-gone"], "B's own links only");
    assert.deepEqual(await listed(b, "ok"), ["health-b-ok"]);
    const bad = await api(server, "GET", "/v1/links?health=sick", { key: a.key });
    assert.equal(bad.status, 400);

    // The flaky destination goes away: one link.broken for it, however many checks follow.
    flakyStatus = 500;
    await until(() => healthOf(a, "health-flaky"), (h) => h.state === "broken");
    const firstBroken = Date.parse((await healthOf(a, "health-flaky")).checkedAt!);
    await until(() => healthOf(a, "health-flaky"), (h) => Date.parse(h.checkedAt!) > firstBroken + 3_000, 20_000);
    assert.equal((await healthOf(a, "health-flaky")).state, "broken", "checked again since, still broken");
    const secret = (await api(server, "GET", "/v1/webhooks", { key: a.key })).body.data[0];
    assert.ok(secret);
    const events = await until(() => received.map((r) => JSON.parse(r.body) as { type: string; data: { id: string; health: Health } }), (e) => e.length >= 3, 10_000);
    assert.deepEqual(events.map((e) => `${e.type} ${e.data.id}`).sort(), ["link.broken health-flaky", "link.broken health-gone", "link.broken health-silent"], "once each, none of B's");
    const flakyEvent = events.find((e) => e.data.id === "health-flaky")!;
    assert.deepEqual([flakyEvent.data.health.state, flakyEvent.data.health.status], ["broken", 500]);
    assert.match(String(received[0].headers["webhook-signature"]), /^v1,/);

    // A new destination is unchecked at once, then checked.
    const put = await api(server, "PUT", "/v1/links/health-gone", { key: a.key, body: { destination: ok.url } });
    assert.equal(put.status, 200, put.text);
    assert.equal((await healthOf(a, "health-gone")).state === "broken", false, "no longer the old destination's verdict");
    assert.equal((await until(() => healthOf(a, "health-gone"), (h) => h.state === "ok")).state, "ok");
  });

  test("link.broken is signed like every event (Standard Webhooks) and is in the OpenAPI document", async () => {
    const gone = await destination((_req, res) => res.writeHead(410).end());
    const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
    const hooks = await destination((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200).end();
      });
    });
    const account = await createAccount(server);
    const hook = (await api(server, "POST", "/v1/webhooks", { key: account.key, body: { url: hooks.url, events: ["link.broken"] } })).body.data;
    await makeLink(account, "health-signed", gone.url);
    await until(() => received.length, (n) => n >= 1);
    const payload = new Webhook(hook.secret.slice("whsec_".length)).verify(received[0].body, received[0].headers as Record<string, string>) as { type: string; data: { id: string; health: Health } };
    assert.deepEqual([payload.type, payload.data.id, payload.data.health.state, payload.data.health.status], ["link.broken", "health-signed", "broken", 410]);
    const document = (await api(server, "GET", "/v1/openapi.json")).body;
    assert.ok(document.components.schemas.LinkHealth, "the LinkHealth schema");
    const params = document.paths["/v1/links"].get.parameters.map((p: { name: string }) => p.name);
    assert.ok(params.includes("health"), "the health filter");
  });
});
