import { z } from "zod";

// The success body of POST /v1/websites/drafts; create-draft.ts builds it `satisfies` this schema.

export const DraftCreateResult = z.object({
  success: z.literal(true),
  data: z.object({
    id: z.string(),
    templateId: z.string(),
    name: z.string(),
    editorUrl: z.string().meta({ description: "`{APP_URL}/editor/<id>`: the page editor, for the account's dashboard session.", example: "https://hop.example/editor/drf_abc" }),
  }),
});
