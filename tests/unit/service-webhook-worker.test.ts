import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// The delivery worker against a real database: a week of nothing but failures switches the
// webhook off (its deliveries wait, unclaimed), Re-enable starts it again, a success clears the
// streak. Receivers on loopback, so this process allows private addresses.

process.env.WEBHOOK_ALLOW_PRIVATE = "true";
process.env.WEBHOOK_RETRY_DELAYS = "1,1";

let env: Awaited<ReturnType<typeof openTestDb>>;
let status = 500;
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(status).end());
});

before(async () => {
  env = await openTestDb();
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
});
after(async () => {
  receiver.closeAllConnections();
  receiver.close();
  await env.close();
});

test("seven days of failures switch a webhook off; its deliveries wait; re-enabled, a success clears the streak", async () => {
  const { createAccount } = await import("../../lib/accounts/create-account");
  const { createWebhook, reenableWebhook } = await import("../../lib/webhooks/manage-webhooks");
  const { enqueueWebhookEvents } = await import("../../lib/webhooks/outbox");
  const { deliverDue } = await import("../../lib/webhooks/deliver");
  const account = await createAccount(env.db, { email: "hooks@example.test", plan: "growth" });
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const { data: hook } = await createWebhook(env.db, account.id, { url, events: ["link.created"] });
  assert.equal(await enqueueWebhookEvents(env.db, account.id, "link.created", [{ id: "a" }, { id: "b" }]), 2);
  assert.equal(await enqueueWebhookEvents(env.db, account.id, "link.deleted", [{ id: "a" }]), 0, "not an event it asked for");

  await env.db.webhook.update({ where: { id: hook.id }, data: { failingSince: new Date(Date.now() - 8 * 86_400_000) } });
  assert.equal(await deliverDue(env.db), 2);
  let stored = await env.db.webhook.findUniqueOrThrow({ where: { id: hook.id } });
  assert.equal(stored.isActive, false);
  assert.match(String(stored.disabledReason), /7 days/);
  const waiting = await env.db.webhookDelivery.findMany({ where: { webhookId: hook.id } });
  assert.deepEqual(waiting.map((d) => [d.status, d.attempts, d.lastStatusCode]), [["pending", 1, 500], ["pending", 1, 500]]);
  assert.equal(await deliverDue(env.db, new Date(Date.now() + 5_000)), 0, "a switched-off webhook's deliveries are not claimed");

  await reenableWebhook(env.db, account.id, hook.id);
  status = 204;
  assert.equal(await deliverDue(env.db, new Date(Date.now() + 5_000)), 2);
  stored = await env.db.webhook.findUniqueOrThrow({ where: { id: hook.id } });
  assert.deepEqual([stored.isActive, stored.disabledReason, stored.failingSince], [true, null, null]);
  const done = await env.db.webhookDelivery.findMany({ where: { webhookId: hook.id } });
  assert.deepEqual(done.map((d) => [d.status, d.attempts, d.lastStatusCode]), [["delivered", 2, 204], ["delivered", 2, 204]]);
});

test("a failure starts the streak; the next failure keeps its start", async () => {
  const { createAccount } = await import("../../lib/accounts/create-account");
  const { createWebhook } = await import("../../lib/webhooks/manage-webhooks");
  const { enqueueWebhookEvents } = await import("../../lib/webhooks/outbox");
  const { deliverDue } = await import("../../lib/webhooks/deliver");
  status = 500;
  const account = await createAccount(env.db, { email: "streak@example.test", plan: "growth" });
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const { data: hook } = await createWebhook(env.db, account.id, { url, events: ["link.created"] });
  await enqueueWebhookEvents(env.db, account.id, "link.created", [{ id: "c" }]);
  await deliverDue(env.db);
  const first = (await env.db.webhook.findUniqueOrThrow({ where: { id: hook.id } })).failingSince;
  assert.ok(first);
  await deliverDue(env.db, new Date(Date.now() + 5_000));
  const [delivery] = await env.db.webhookDelivery.findMany({ where: { webhookId: hook.id } });
  assert.deepEqual([delivery.status, delivery.attempts], ["pending", 2]);
  assert.equal((await env.db.webhook.findUniqueOrThrow({ where: { id: hook.id } })).failingSince?.getTime(), first.getTime());
  await deliverDue(env.db, new Date(Date.now() + 5_000));
  assert.equal((await env.db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).status, "failed", "1 attempt + 2 retries (WEBHOOK_RETRY_DELAYS=1,1)");
});
