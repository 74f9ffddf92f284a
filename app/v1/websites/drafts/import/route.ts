import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { importDraft, previewImport, readPageFile } from "@/lib/drafts/import/import-draft";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.importDraft, async ({ db, account, query, request, ok }) => ok(await importDraft(db, account.id, await readPageFile(request), query)), {
    preview: async ({ query, request }) => previewImport(await readPageFile(request), query),
  }),
);
