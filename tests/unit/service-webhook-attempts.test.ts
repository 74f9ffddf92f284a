import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// An attempt's limits against a real database and real receivers on loopback: the total deadline
// (a receiver that trickles its answer), the 64 KB read of the answer, outcomes written as each
// attempt ends (one webhook's hung receiver does not hold another's), and the lease kept while an
// attempt runs (another instance's claim finds nothing to send again).

process.env.WEBHOOK_ALLOW_PRIVATE = "true";
process.env.WEBHOOK_RETRY_DELAYS = "60";
process.env.WEBHOOK_DEADLINE_MS = "1500";
process.env.WEBHOOK_TIMEOUT_MS = "1000";
process.env.WEBHOOK_LEASE_MS = "300";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
let env: Awaited<ReturnType<typeof openTestDb>>;
const handlers = new Map<string, Handler>();
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => handlers.get(req.url ?? "")?.(req, res));
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

before(async () => {
  env = await openTestDb();
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
});
after(async () => {
  receiver.closeAllConnections();
  receiver.close();
  await env.close();
});

async function hookWith(name: string, handler: Handler, events: number) {
  const { createAccount } = await import("../../lib/accounts/create-account");
  const { createWebhook } = await import("../../lib/webhooks/manage-webhooks");
  const { enqueueWebhookEvents } = await import("../../lib/webhooks/outbox");
  handlers.set(`/${name}`, handler);
  const account = await createAccount(env.db, { email: `${name}@example.test`, plan: "growth" });
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/${name}`;
  const { data: hook } = await createWebhook(env.db, account.id, { url, events: ["link.created"] });
  await enqueueWebhookEvents(env.db, account.id, "link.created", Array.from({ length: events }, (_, i) => ({ id: `${name}-${i}` })));
  return hook.id;
}

const deliveries = (webhookId: string) => env.db.webhookDelivery.findMany({ where: { webhookId }, orderBy: { id: "asc" } });

test("an answer trickled past the deadline is a failed attempt, tried again later", async () => {
  const { deliverDue } = await import("../../lib/webhooks/deliver");
  let trickle: NodeJS.Timeout | undefined;
  const hook = await hookWith("trickle", (_req, res) => {
    res.writeHead(200);
    // A byte every 300 ms: never silent for WEBHOOK_TIMEOUT_MS, never done.
    trickle = setInterval(() => res.write("."), 300);
    res.on("close", () => clearInterval(trickle));
  }, 1);
  assert.equal(await deliverDue(env.db), 1);
  clearInterval(trickle);
  const [delivery] = await deliveries(hook);
  assert.deepEqual([delivery.status, delivery.attempts, delivery.lockedUntil], ["pending", 1, null]);
  assert.match(String(delivery.lastError), /no complete answer within 1500 ms/);
});

test("a huge answer is read to 64 KB, then the connection closes; the 2xx stands", async () => {
  const { deliverDue } = await import("../../lib/webhooks/deliver");
  let sent = 0;
  const hook = await hookWith("huge", (_req, res) => {
    res.writeHead(200, { "content-type": "application/octet-stream" });
    const chunk = Buffer.alloc(64 * 1024, 120);
    // Writes as fast as the socket takes them, 64 MB at most, until the client hangs up.
    const pump = () => {
      while (sent < 64 * 1024 * 1024 && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      res.end();
    };
    pump();
  }, 1);
  assert.equal(await deliverDue(env.db), 1);
  const [delivery] = await deliveries(hook);
  assert.deepEqual([delivery.status, delivery.lastStatusCode], ["delivered", 200]);
  await sleep(100);
  assert.ok(sent < 16 * 1024 * 1024, `the receiver could write ${sent} bytes before the client closed`);
});

test("one webhook's hung receiver: the other's outcomes are written while it hangs, and it holds at most 4 attempts", async () => {
  const { deliverDue } = await import("../../lib/webhooks/deliver");
  let hanging = 0;
  let mostAtOnce = 0;
  const slow = await hookWith("hung", (_req, res) => {
    hanging += 1;
    mostAtOnce = Math.max(mostAtOnce, hanging);
    res.on("close", () => (hanging -= 1));
  }, 10);
  const fast = await hookWith("fast", (_req, res) => res.writeHead(204).end(), 4);
  const pass = deliverDue(env.db);
  let fastDone = 0;
  for (let i = 0; i < 40 && fastDone < 4; i++) {
    await sleep(25);
    fastDone = (await deliveries(fast)).filter((d) => d.status === "delivered").length;
  }
  assert.equal(fastDone, 4, "the fast receiver's deliveries are recorded before the hung one's deadline");
  assert.ok(hanging > 0, "the hung receiver still holds its attempts");
  assert.equal(await pass, 8, "4 of the hung webhook's 10 and the other's 4");
  assert.equal(mostAtOnce, 4);
  const slowRows = await deliveries(slow);
  assert.equal(slowRows.filter((d) => d.attempts === 1 && d.status === "pending").length, 4);
  assert.equal(slowRows.filter((d) => d.attempts === 0).length, 6, "the rest wait their turn");
  await env.db.webhook.update({ where: { id: slow }, data: { isActive: false } });
});

test("while an attempt runs past the lease, the lease is renewed: another instance's claim sends nothing again", async () => {
  const { deliverDue } = await import("../../lib/webhooks/deliver");
  let received = 0;
  const hook = await hookWith("leased", (_req, res) => {
    received += 1;
    setTimeout(() => res.writeHead(204).end(), 900);
  }, 1);
  const first = deliverDue(env.db);
  for (let i = 0; i < 40 && !received; i++) await sleep(25);
  assert.equal(received, 1);
  // Another instance claims every 100 ms for 3 leases' time (it shares only the database).
  const claimedByOther: number[] = [];
  for (let i = 0; i < 8; i++) {
    await sleep(100);
    claimedByOther.push(await deliverDue(env.db));
  }
  assert.equal(await first, 1);
  assert.deepEqual(claimedByOther, Array(8).fill(0));
  assert.equal(received, 1);
  const [delivery] = await deliveries(hook);
  assert.deepEqual([delivery.status, delivery.attempts, delivery.lockedUntil], ["delivered", 1, null]);
});
