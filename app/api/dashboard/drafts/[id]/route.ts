import { z } from "zod";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { updateDraft } from "@/lib/drafts/update-draft";

// Read through the bounded reader; the use case checks the shape and answers the draft's own errors.
const DraftBody = z.unknown();

/** The editor's autosave: the whole model at the version it was made from; an older version is 409 draft_changed. */
export const PUT = dashboardRoute({ body: DraftBody }, async ({ db, account, params, body }) =>
  json(await updateDraft(db, account.id, params.id, body), 200, { "cache-control": "no-store" }),
);

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
