import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";
import type { CheckResult } from "../../lib/links/check-destination";

// Link health at the service layer (docs/link-health.md). This process does NOT set
// WEBHOOK_ALLOW_PRIVATE: a destination on loopback is refused by the webhooks' address guard
// before any connection (tests/api/links-health.test.ts runs the positive cases with the opt-in).
// The sweep's pass runs with a stand-in check, so its pacing, recording and events are exact.

let env: Awaited<ReturnType<typeof openTestDb>>;
let hits = 0;
const server = http.createServer((req, res) => {
  hits += 1;
  res.writeHead(200).end("ok");
});
before(async () => {
  env = await openTestDb();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
after(async () => {
  server.closeAllConnections();
  server.close();
  await env.close();
});

const port = () => (server.address() as AddressInfo).port;

test("without the opt-in a private destination is refused before any connection, by address and by name", async () => {
  const { checkDestination } = await import("../../lib/links/check-destination");
  const byAddress = await checkDestination(`http://127.0.0.1:${port()}/x`);
  assert.equal(byAddress.state, "broken");
  assert.equal(byAddress.status, null);
  assert.match(String(byAddress.error), /127\.0\.0\.1 is not a public address/);
  const byName = await checkDestination(`http://localhost:${port()}/x`);
  assert.equal(byName.state, "broken");
  assert.match(String(byName.error), /resolves to a private address/);
  assert.equal(hits, 0, "the server on loopback was never reached");
});

test("the pacer: each account's host gets its budget per minute, other accounts and hosts their own", async () => {
  const { HostPacer } = await import("../../lib/links/health-sweep");
  const pacer = new HostPacer(2);
  const t = 1_000_000;
  assert.equal(pacer.take("a", "https://shop.example/1", t), true);
  assert.equal(pacer.take("a", "https://shop.example:8443/2", t), true);
  assert.equal(pacer.take("a", "https://shop.example/3", t), false, "third in the minute, same host (any port)");
  assert.equal(pacer.take("b", "https://shop.example/1", t), true, "another account");
  assert.equal(pacer.take("a", "https://other.example/1", t), true, "another host");
  assert.equal(pacer.take("a", "https://shop.example/3", t + 60_001), true, "a minute later");
});

test("a pass: due links checked within the host budget, outcomes stored, link.broken once, a new destination not overwritten", async () => {
  const { createAccount } = await import("../../lib/accounts/create-account");
  const { checkDueLinks, HostPacer } = await import("../../lib/links/health-sweep");
  const { listLinks } = await import("../../lib/links/list-links");
  const a = await createAccount(env.db, { email: "health-a@example.test", plan: "growth" });
  const b = await createAccount(env.db, { email: "health-b@example.test", plan: "growth" });
  const link = (account: string, slug: string, destination: string) =>
    env.db.link.create({ data: { id: `lnk_${slug}`, publicId: slug, accountId: account, domain: "localhost:3000", slug, destination } });
  for (const n of [1, 2, 3, 4]) await link(a.id, `a-shop-${n}`, `https://shop.example/${n}`);
  await link(a.id, "a-gone", "https://gone.example/");
  await link(b.id, "b-shop", "https://shop.example/b");
  await env.db.webhook.create({ data: { id: "wh_health", accountId: a.id, url: "https://hooks.example/h", events: ["link.broken"], secret: "whsec_x" } });

  const answers: Record<string, CheckResult> = {
    "https://gone.example/": { state: "broken", status: 404, error: null, finalUrl: null },
    "https://shop.example/2": { state: "redirected", status: 200, error: null, finalUrl: "https://elsewhere.example/" },
  };
  const asked: string[] = [];
  const check = async (destination: string) => {
    asked.push(destination);
    // Changed while its check runs: the outcome is of the old destination and is dropped.
    if (destination === "https://shop.example/3") await env.db.link.update({ where: { id: "lnk_a-shop-3" }, data: { destination: "https://shop.example/new" } });
    return answers[destination] ?? { state: "ok" as const, status: 200, error: null, finalUrl: null };
  };
  const pacer = new HostPacer(3);
  const first = await checkDueLinks(env.db, pacer, { check });
  assert.equal(first.deferred, 1, "account A's fourth link on shop.example waits for its host's next minute");
  assert.equal(first.checked, 5);
  assert.equal(first.broken, 1);
  assert.equal(asked.filter((d) => d.startsWith("https://shop.example/") && d !== "https://shop.example/b").length, 3);

  const health = async (id: string) => (await env.db.link.findUniqueOrThrow({ where: { id } })).healthState;
  assert.equal(await health("lnk_a-gone"), "broken");
  assert.equal(await health("lnk_a-shop-2"), "redirected");
  assert.equal(await health("lnk_a-shop-3"), "unchecked", "its destination changed during the check");
  const gone = await env.db.link.findUniqueOrThrow({ where: { id: "lnk_a-gone" } });
  assert.equal(gone.healthStatus, 404);
  assert.ok(gone.healthCheckedAt && gone.healthDueAt.getTime() - gone.healthCheckedAt.getTime() === 24 * 3600_000, "due again after the interval");
  assert.ok(gone.updatedAt < gone.healthCheckedAt, "a check is not a change of the link");

  const events = await env.db.webhookDelivery.findMany({ where: { webhookId: "wh_health" } });
  assert.equal(events.length, 1);
  const payload = events[0].payload as { type: string; data: { id: string; health: { state: string; status: number } } };
  assert.equal(payload.type, "link.broken");
  assert.equal(payload.data.id, "a-gone");
  assert.deepEqual([payload.data.health.state, payload.data.health.status], ["broken", 404]);

  // A day later everything is due again: still broken, so no second event.
  const later = await checkDueLinks(env.db, new HostPacer(10), { check, now: new Date(Date.now() + 25 * 3600_000) });
  assert.equal(later.broken, 0);
  assert.equal(await env.db.webhookDelivery.count({ where: { webhookId: "wh_health" } }), 1);

  // The filter: A's broken links only; B's list holds none of A's.
  const broken = await listLinks(env.db, a.id, { page: 1, limit: 50, health: "broken" });
  assert.deepEqual(broken.data.map((l) => l.id), ["a-gone"]);
  assert.deepEqual((await listLinks(env.db, b.id, { page: 1, limit: 50, health: "broken" })).data, []);
  assert.deepEqual((await listLinks(env.db, b.id, { page: 1, limit: 50, health: "ok" })).data.map((l) => l.id), ["b-shop"]);
});

test("the lease: one holder at a time, taken over when it lapses, given back at a stop", async () => {
  const { takeJobLease, releaseJobLease } = await import("../../lib/db/job-lease");
  const t = new Date();
  assert.equal(await takeJobLease(env.db, "test-job", "one", 60_000, t), true);
  assert.equal(await takeJobLease(env.db, "test-job", "two", 60_000, t), false);
  assert.equal(await takeJobLease(env.db, "test-job", "one", 60_000, t), true, "the holder renews");
  assert.equal(await takeJobLease(env.db, "test-job", "two", 60_000, new Date(t.getTime() + 61_000)), true, "lapsed: another instance takes it");
  await releaseJobLease(env.db, "test-job", "one");
  assert.equal(await takeJobLease(env.db, "test-job", "one", 60_000, new Date(t.getTime() + 62_000)), false, "releasing what another holds changes nothing");
  await releaseJobLease(env.db, "test-job", "two");
  assert.equal(await takeJobLease(env.db, "test-job", "one", 60_000, new Date(t.getTime() + 62_000)), true);
});
