import { z } from "zod";
import { config } from "../config";
import type { Db } from "../db/open";
import { newId } from "../ids";
import { badRequest, draftName, draftTemplate, parseSemantic } from "./draft-input";
import { withBlockIds } from "./block-ids";

// POST /v1/websites/drafts: the page config is checked and saved as a draft of the caller's
// account; nothing is published and nothing counts toward the plan's limits.

/** The body's members, each checked by the draft rules (draft-input.ts) for the flat 400 of API.md. */
export const CreateDraftBody = z.object({ templateId: z.unknown().optional(), semantic: z.unknown().optional(), name: z.unknown().optional() }).passthrough();
export type CreateDraftBody = z.infer<typeof CreateDraftBody>;

export function editorUrlOf(draftId: string): string {
  return `${config().appUrl}/editor/${draftId}`;
}

export async function createDraft(db: Db, accountId: string, body: unknown, now: Date = new Date()) {
  const parsed = CreateDraftBody.safeParse(body);
  if (!parsed.success || Array.isArray(body)) throw badRequest("semantic", "The body must be a JSON object with `semantic`.");
  const input = parsed.data;
  const { model, templateId: fromSemantic } = parseSemantic(input.semantic);
  const templateId = draftTemplate(input.templateId, fromSemantic);
  const name = draftName(input.name, model);
  const draft = await db.draft.create({
    data: { id: newId("drf"), accountId, templateId, name, semantic: withBlockIds(model) as object, createdAt: now },
    select: { id: true, templateId: true, name: true },
  });
  return { success: true, data: { id: draft.id, templateId: draft.templateId, name: draft.name, editorUrl: editorUrlOf(draft.id) } };
}
