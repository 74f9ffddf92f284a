import { z } from "zod";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { publishDraft } from "@/lib/drafts/publish-draft";

// Read through the bounded reader; the use case checks the shape and answers the draft's own errors.
const DraftBody = z.unknown();

/** The publish dialog: the same createWebsite as POST /v1/websites (limits, address errors with their field). */
export const POST = dashboardRoute({ body: DraftBody }, async ({ db, account, params, body }) =>
  json(await publishDraft(db, account.id, params.id, body), 201),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
