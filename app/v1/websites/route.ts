import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { createWebsite, previewWebsite } from "@/lib/websites/create-website";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.createWebsite, async ({ db, account, limits, body, ok }) => ok(await createWebsite(db, { id: account.id, plan: account.plan, limits }, body)), {
    preview: ({ db, account, limits, body }) => previewWebsite(db, { id: account.id, plan: account.plan, limits }, body),
  }),
);
