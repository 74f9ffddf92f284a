import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { importDraft, ImportDraftQuery, readPageFile } from "@/lib/drafts/import/import-draft";
import { parseOrThrow } from "@/lib/validation/parse";

/** "Move in": POST /v1/websites/drafts/import as a draft of the selected workspace's owner; the answer names the editor to open. */
export const POST = dashboardRoute({ workspace: "write" }, async ({ db, workspace, request }) => {
  const query = parseOrThrow(ImportDraftQuery, Object.fromEntries(new URL(request.url).searchParams));
  return json(await importDraft(db, workspace.ownerId, await readPageFile(request), query), 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
