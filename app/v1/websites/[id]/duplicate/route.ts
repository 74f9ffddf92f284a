import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { duplicateWebsite, previewDuplicate } from "@/lib/websites/duplicate-website";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.duplicateWebsite, async ({ db, account, limits, params, body, ok }) => ok(await duplicateWebsite(db, { id: account.id, plan: account.plan, limits }, params.id, body)), {
    preview: ({ db, account, limits, params, body }) => previewDuplicate(db, { id: account.id, plan: account.plan, limits }, params.id, body),
  }),
);
