import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { deleteWebhook, previewDeleteWebhook } from "@/lib/webhooks/manage-webhooks";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.deleteWebhook, async ({ db, account, params, ok }) => ok(await deleteWebhook(db, account.id, params.id)), {
    preview: ({ db, account, params }) => previewDeleteWebhook(db, account.id, params.id),
  }),
);
