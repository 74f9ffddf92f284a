import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { createDraft, previewDraft } from "@/lib/drafts/create-draft";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.createDraft, async ({ db, account, body, ok }) => ok(await createDraft(db, account.id, body)), {
    preview: async ({ body }) => previewDraft(body),
  }),
);
