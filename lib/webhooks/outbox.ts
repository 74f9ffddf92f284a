import type { Db } from "../db/open";
import type { Prisma } from "../generated/prisma/client";
import { newId } from "../ids";
import type { WebhookEvent } from "./schemas";

// The outbox: an event's deliveries are written by the transaction that made the change, so a
// change is never without its deliveries nor a delivery without its change, whatever dies when.
// The worker (deliver.ts) sends them later. An account without webhooks pays one indexed read.

type Tx = Pick<Db, "webhook" | "webhookDelivery">;

/** One delivery per active webhook of the account that asked for `type`, one event per item of `data`. */
export async function enqueueWebhookEvents(tx: Tx, accountId: string, type: WebhookEvent, data: Array<Record<string, unknown>>, at = new Date()): Promise<number> {
  if (!data.length) return 0;
  const webhooks = await tx.webhook.findMany({ where: { accountId, isActive: true, events: { has: type } }, select: { id: true } });
  if (!webhooks.length) return 0;
  const timestamp = at.toISOString();
  const rows: Prisma.WebhookDeliveryCreateManyInput[] = webhooks.flatMap((webhook) =>
    data.map((item) => ({ id: newId("msg"), webhookId: webhook.id, event: type, payload: { type, timestamp, data: item } as Prisma.InputJsonObject, createdAt: at, nextAttemptAt: at })),
  );
  await tx.webhookDelivery.createMany({ data: rows });
  return rows.length;
}
