import { z } from "zod";
import { WebsiteCreateResult } from "../websites/responses";

// The success bodies of the drafts operations; create-draft.ts and publish-draft.ts build them.

export const DraftCreateResult = z.object({
  success: z.literal(true),
  data: z.object({
    id: z.string(),
    templateId: z.string(),
    name: z.string(),
    editorUrl: z.string().meta({ description: "`{APP_URL}/editor/<id>`: the page editor, for the account's dashboard session.", example: "https://hop.example/editor/drf_abc" }),
  }),
});

/** POST /v1/websites/drafts/{id}/publish: POST /v1/websites' answer, plus the draft and its new version. */
export const DraftPublishResult = WebsiteCreateResult.extend({
  draftId: z.string(),
  version: z.number().int().meta({ description: "The draft's version after the publish." }),
});
