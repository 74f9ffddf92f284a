import { randomBytes } from "node:crypto";
import type { z } from "zod";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { newId } from "../ids";
import { lockAccount } from "../links/link-owner";
import type { Webhook, WebhookDelivery } from "../generated/prisma/client";
import { outboundProblem } from "./outbound-address";
import { MAX_WEBHOOKS, type CreateWebhookBody, type DeliveryList, type WebhookCreateResult, type WebhookDeleteResult, type WebhookList, type WebhookObject } from "./schemas";

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

/** POST /v1/webhooks: at most MAX_WEBHOOKS per account, counted under the account's lock. */
export async function createWebhook(db: Db, accountId: string, body: CreateWebhookBody) {
  const url = body.url.trim();
  const problem = await outboundProblem(url);
  if (problem) throw new HopError("invalid_url", { field: "url", message: problem });
  const events = [...new Set(body.events)];
  const webhook = await db.$transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const count = await tx.webhook.count({ where: { accountId } });
    if (count >= MAX_WEBHOOKS) throw new HopError("quota_exceeded", { message: `An account may have at most ${MAX_WEBHOOKS} webhooks.` });
    return tx.webhook.create({ data: { id: newId("whk"), accountId, url, events, secret: newWebhookSecret() } });
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

export async function deleteWebhook(db: Db, accountId: string, id: string) {
  const { count } = await db.webhook.deleteMany({ where: { id, accountId } });
  if (!count) throw new HopError("not_found", { message: "Webhook not found." });
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
  const { count } = await db.webhook.updateMany({ where: { id, accountId }, data: { isActive: true, disabledReason: null, failingSince: null } });
  if (!count) throw new HopError("not_found", { message: "Webhook not found." });
}

/** The dashboard's "Send test event": a `webhook.test` delivery through the same outbox and worker. */
export async function sendTestEvent(db: Db, accountId: string, id: string) {
  const webhook = await ownWebhook(db, accountId, id);
  await db.webhookDelivery.create({
    data: { id: newId("msg"), webhookId: webhook.id, event: "webhook.test", payload: { type: "webhook.test", timestamp: new Date().toISOString(), data: { webhookId: webhook.id } } },
  });
}
