// The events a webhook may ask for (docs/webhooks.md). Client-safe: the dashboard's form lists them.
export const WEBHOOK_EVENTS = ["link.created", "link.updated", "link.deleted", "link.clicked", "link.broken", "website.published", "contact.submitted", "subscriber.created"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const MAX_WEBHOOKS = 10;
