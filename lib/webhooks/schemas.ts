import { z } from "zod";

// The request and response bodies of /v1/webhooks (docs/webhooks.md): one source for the routes,
// the dashboard and the OpenAPI document.

import { WEBHOOK_EVENTS } from "./events";

export { MAX_WEBHOOKS, WEBHOOK_EVENTS, type WebhookEvent } from "./events";

const EVENTS_MESSAGE = `events must be a non-empty list of: ${WEBHOOK_EVENTS.join(", ")}.`;

export const CreateWebhookBody = z
  .object({
    url: z.string().max(2000).meta({ description: "Absolute http(s) URL that receives the events. Refused when it resolves to a loopback, private, link-local or metadata address (unless WEBHOOK_ALLOW_PRIVATE=true).", example: "https://hooks.example.com/hop" }),
    events: z
      .array(z.enum(WEBHOOK_EVENTS, { error: EVENTS_MESSAGE }), { error: EVENTS_MESSAGE })
      .min(1, { error: EVENTS_MESSAGE })
      .max(WEBHOOK_EVENTS.length)
      .meta({ description: "Which events to send.", example: ["link.created", "link.clicked"] }),
  })
  .meta({ id: "CreateWebhookBody" });
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

const Timestamp = z.string().meta({ description: "ISO 8601 timestamp (UTC)." });

export const WebhookObject = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    isActive: z.boolean(),
    disabledReason: z.string().nullable().meta({ description: "Why the webhook was switched off (7 days of nothing but failures), or null." }),
    clicksOverCap: z.int().meta({ description: "link.clicked events not sent because they came faster than the per-minute cap." }),
    createdAt: Timestamp,
  })
  .meta({ id: "Webhook" });

export const WebhookCreateResult = z.object({
  data: WebhookObject.extend({ secret: z.string().meta({ description: "`whsec_` + base64 of 24 random bytes; shown only in this answer. Verify deliveries with it (Standard Webhooks)." }) }),
});
export const WebhookList = z.object({ data: z.array(WebhookObject) });
export const WebhookDeleteResult = z.object({ success: z.literal(true), id: z.string() });

export const DeliveryObject = z
  .object({
    id: z.string().meta({ description: "The `webhook-id` header of every attempt." }),
    event: z.string(),
    status: z.enum(["pending", "delivered", "failed"]),
    attempts: z.int(),
    lastStatusCode: z.int().nullable(),
    nextAttemptAt: Timestamp.nullable(),
    deliveredAt: Timestamp.nullable(),
    createdAt: Timestamp,
  })
  .meta({ id: "WebhookDelivery" });
export const DeliveryList = z.object({ data: z.array(DeliveryObject) });
