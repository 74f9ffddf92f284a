import { z } from "zod";
import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { createDraft } from "@/lib/drafts/create-draft";

// The body is checked by createDraft (CreateDraftBody and the semantic schema), which answers
// API.md's flat `{ error: "Bad Request", message, field }` for drafts.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  POST: apiRoute({ resource: "drafts", body: z.unknown() }, async ({ db, account, body }) =>
    json(await createDraft(db, account.id, body), 201),
  ),
});
