import { z } from "zod";
import type { Db } from "../db/open";
import { codedError } from "../validation/coded";
import { createDraft } from "./create-draft";
import { DraftName, DraftTemplateId } from "./schemas";
import { starterSemantic } from "./starter-page";

// The dashboard's "New page": a name and a design make a draft of the workspace's owner with the
// starter content, through the same createDraft as POST /v1/websites/drafts; the customer lands in
// the editor on it and publishes from there. Like every draft, it counts toward no limit until
// it is published.

export const NewPageInput = z.object({
  name: DraftName.pipe(z.string().min(1, { error: codedError("invalid_request", "Give the page a name.") })),
  templateId: DraftTemplateId,
});
export type NewPageInput = z.infer<typeof NewPageInput>;

export async function createPageDraft(db: Db, ownerId: string, input: NewPageInput, now: Date = new Date()) {
  const created = await createDraft(db, ownerId, { semantic: starterSemantic(input.name), templateId: input.templateId, name: input.name }, now);
  return created.data;
}
