import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { createPageDraft, NewPageInput } from "@/lib/drafts/new-page";

/** "New website": a draft of the workspace's owner in the chosen design; the answer names the editor to open. */
export const POST = dashboardRoute({ body: NewPageInput, workspace: "write" }, async ({ db, workspace, body }) =>
  json(await createPageDraft(db, workspace.ownerId, body), 201),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
