import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { previewPublish, publishDraft } from "@/lib/drafts/publish-draft";

// The editor's Publish (app/api/dashboard/drafts/[id]/publish) for a key: the same use case.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.publishDraft, async ({ db, account, params, body, ok }) => ok(await publishDraft(db, account.id, params.id, body)), {
    preview: ({ db, account, params, body }) => previewPublish(db, account.id, params.id, body),
  }),
);
