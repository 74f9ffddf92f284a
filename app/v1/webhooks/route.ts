import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { createWebhook, listWebhooks, previewWebhook } from "@/lib/webhooks/manage-webhooks";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.listWebhooks, async ({ db, account, ok }) => ok(await listWebhooks(db, account.id))),
  apiRoute(operations.createWebhook, async ({ db, account, body, ok }) => ok(await createWebhook(db, account.id, body)), {
    preview: ({ db, account, body }) => previewWebhook(db, account.id, body),
  }),
);
