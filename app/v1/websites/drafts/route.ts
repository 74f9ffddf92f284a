import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { createDraft } from "@/lib/drafts/create-draft";
import { asDraftBadRequest } from "@/lib/drafts/draft-input";
import { CreateDraftBody } from "@/lib/drafts/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  POST: apiRoute({ resource: "drafts", body: CreateDraftBody, bodyError: asDraftBadRequest }, async ({ db, account, body }) =>
    json(await createDraft(db, account.id, body), 201),
  ),
});
