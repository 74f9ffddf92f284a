import { z } from "zod";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { publishDraftChanges } from "@/lib/drafts/publish-draft-changes";

// Read through the bounded reader; the use case checks the shape and answers the draft's own errors.
const DraftBody = z.unknown();

/** "Publish changes": the draft's edits replace the live website's page, seen by the next visit. */
export const POST = dashboardRoute({ body: DraftBody }, async ({ db, account, params, body }) =>
  json(await publishDraftChanges(db, account.id, params.id, body)),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
