import type { z } from "zod";
import { config } from "../config";
import type { Db } from "../db/open";
import { newId } from "../ids";
import { draftName, draftTemplate } from "./draft-input";
import { withBlockIds } from "./block-ids";
import type { DraftCreateResult } from "./responses";
import type { CreateDraftBody } from "./schemas";

// POST /v1/websites/drafts: the page config (checked by CreateDraftBody, lib/drafts/schemas.ts) is
// saved as a draft of the caller's account; nothing is published and nothing counts toward the
// plan's limits.

export function editorUrlOf(draftId: string): string {
  return `${config().appUrl}/editor/${draftId}`;
}

export async function createDraft(db: Db, accountId: string, body: CreateDraftBody, now: Date = new Date()) {
  const { templateId: fromSemantic, ...model } = body.semantic;
  const templateId = draftTemplate(body.templateId, fromSemantic);
  const name = draftName(body.name, model);
  const draft = await db.draft.create({
    data: { id: newId("drf"), accountId, templateId, name, semantic: withBlockIds(model) as object, createdAt: now },
    select: { id: true, templateId: true, name: true },
  });
  return { success: true, data: { id: draft.id, templateId: draft.templateId, name: draft.name, editorUrl: editorUrlOf(draft.id) } } satisfies z.input<typeof DraftCreateResult>;
}
