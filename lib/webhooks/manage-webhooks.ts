import { randomBytes } from "node:crypto";
import type { z } from "zod";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { newId } from "../ids";
import { withAccountLock } from "../db/account-lock";
import type { Webhook, WebhookDelivery } from "../generated/prisma/client";
import { outboundProblem } from "./outbound-address";
import { MAX_WEBHOOKS, type CreateWebhookBody, type DeliveryList, type WebhookCreateResult, type WebhookDeleteResult, type WebhookList, type WebhookObject } from "./schemas";
import { recordAudit } from "../audit/record-audit";

// The account's webhooks (/v1/webhooks and the dashboard's Webhooks page): every read and write
// names the account in its where, so another account's webhook is not found.

export function toWebhookObject(webhook: Webhook) {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    isActive: webhook.isActive,
    disabledReason: webhook.disabledReason,
    clicksOverCap: webhook.clicksOverCap,
    createdAt: webhook.createdAt.toISOString(),
  } satisfies z.input<typeof WebhookObject>;
}

function toDelivery(delivery: WebhookDelivery) {
  return {
    id: delivery.id,
    event: delivery.event,
    status: delivery.status as "pending" | "delivered" | "failed",
    attempts: delivery.attempts,
    lastStatusCode: delivery.lastStatusCode,
    nextAttemptAt: delivery.status === "pending" ? delivery.nextAttemptAt.toISOString() : null,
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    createdAt: delivery.createdAt.toISOString(),
  };
}

/** `whsec_` + base64 of 24 random bytes (Standard Webhooks' secret format). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/** The URL and events a webhook is made with, or 400 invalid_url (not http(s), a user name, an address that is not public). */
async function checkedWebhook(body: CreateWebhookBody) {
  const url = body.url.trim();
  const problem = await outboundProblem(url);
  if (problem) throw new HopError("invalid_url", { field: "url", message: problem });
  return { url, events: [...new Set(body.events)] };
}

async function assertWebhookRoom(tx: Pick<Db, "webhook">, accountId: string): Promise<void> {
  const count = await tx.webhook.count({ where: { accountId } });
  if (count >= MAX_WEBHOOKS) throw new HopError("quota_exceeded", { message: `An account may have at most ${MAX_WEBHOOKS} webhooks.` });
}

/** What POST /v1/webhooks would make, after every rule createWebhook checks (a dry run); no secret is drawn. */
export async function previewWebhook(db: Db, accountId: string, body: CreateWebhookBody) {
  const { url, events } = await checkedWebhook(body);
  await assertWebhookRoom(db, accountId);
  return { url, events };
}

/** POST /v1/webhooks: at most MAX_WEBHOOKS per account, counted under the account's lock. */
export async function createWebhook(db: Db, accountId: string, body: CreateWebhookBody) {
  const { url, events } = await checkedWebhook(body);
  const webhook = await withAccountLock(db, accountId, async (tx) => {
    await assertWebhookRoom(tx, accountId);
    const made = await tx.webhook.create({ data: { id: newId("whk"), accountId, url, events, secret: newWebhookSecret() } });
    // The URL's origin only: a receiver's path or query may hold its own token.
    await recordAudit(tx, accountId, { action: "webhook.created", target: { type: "webhook", id: made.id, label: new URL(url).origin }, changes: { events } });
    return made;
  });
  return { data: { ...toWebhookObject(webhook), secret: webhook.secret } } satisfies z.input<typeof WebhookCreateResult>;
}

export async function listWebhooks(db: Db, accountId: string) {
  const webhooks = await db.webhook.findMany({ where: { accountId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return { data: webhooks.map(toWebhookObject) } satisfies z.input<typeof WebhookList>;
}

async function ownWebhook(db: Db, accountId: string, id: string): Promise<Webhook> {
  const webhook = await db.webhook.findFirst({ where: { id, accountId } });
  if (!webhook) throw new HopError("not_found", { message: "Webhook not found." });
  return webhook;
}

/** What DELETE would remove (a dry run): the account's webhook and how many deliveries are pending. */
export async function previewDeleteWebhook(db: Db, accountId: string, id: string) {
  const webhook = await ownWebhook(db, accountId, id);
  return { id: webhook.id, url: webhook.url, pendingDeliveries: await db.webhookDelivery.count({ where: { webhookId: webhook.id, status: "pending" } }) };
}

export async function deleteWebhook(db: Db, accountId: string, id: string) {
  await db.$transaction(async (tx) => {
    const { count } = await tx.webhook.deleteMany({ where: { id, accountId } });
    if (!count) throw new HopError("not_found", { message: "Webhook not found." });
    await recordAudit(tx, accountId, { action: "webhook.deleted", target: { type: "webhook", id } });
  });
  return { success: true, id } satisfies z.input<typeof WebhookDeleteResult>;
}

/** GET /v1/webhooks/{id}/deliveries: the last 100, newest first. */
export async function listDeliveries(db: Db, accountId: string, id: string) {
  const webhook = await ownWebhook(db, accountId, id);
  const deliveries = await db.webhookDelivery.findMany({ where: { webhookId: webhook.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 100 });
  return { data: deliveries.map(toDelivery) } satisfies z.input<typeof DeliveryList>;
}

/** The dashboard's "Re-enable": on again, its failure streak forgotten. */
export async function reenableWebhook(db: Db, accountId: string, id: string) {
  await db.$transaction(async (tx) => {
    const { count } = await tx.webhook.updateMany({ where: { id, accountId }, data: { isActive: true, disabledReason: null, failingSince: null } });
    if (!count) throw new HopError("not_found", { message: "Webhook not found." });
    await recordAudit(tx, accountId, { action: "webhook.enabled", target: { type: "webhook", id }, changes: { isActive: true } });
  });
}

/** The dashboard's "Send test event": a `webhook.test` delivery through the same outbox and worker. */
export async function sendTestEvent(db: Db, accountId: string, id: string) {
  const webhook = await ownWebhook(db, accountId, id);
  await db.$transaction(async (tx) => {
    const delivery = await tx.webhookDelivery.create({
      data: { id: newId("msg"), webhookId: webhook.id, event: "webhook.test", payload: { type: "webhook.test", timestamp: new Date().toISOString(), data: { webhookId: webhook.id } } },
    });
    await recordAudit(tx, accountId, { action: "webhook.test_sent", target: { type: "webhook", id: webhook.id, label: new URL(webhook.url).origin }, details: { deliveryId: delivery.id } });
  });
}
