import type { z } from "zod";
import { config } from "../config";
import type { Db } from "../db/open";
import { newId } from "../ids";
import { draftName, draftTemplate } from "./draft-input";
import { withBlockIds } from "./block-ids";
import type { DraftCreateResult } from "./responses";
import type { CreateDraftBody } from "./schemas";
import { recordAudit } from "../audit/record-audit";

// POST /v1/websites/drafts: the page config (checked by CreateDraftBody, lib/drafts/schemas.ts) is
// saved as a draft of the caller's account; nothing is published and nothing counts toward the
// plan's limits.

export function editorUrlOf(draftId: string): string {
  return `${config().appUrl}/editor/${draftId}`;
}

/** The design, name and content a draft is saved with, or the draft's 400 (a design off the draft list, a name too long). */
function draftFields(body: CreateDraftBody) {
  const { templateId: fromSemantic, ...model } = body.semantic;
  return { templateId: draftTemplate(body.templateId, fromSemantic), name: draftName(body.name, model), model };
}

/** What POST /v1/websites/drafts would save, after every rule createDraft checks (a dry run). */
export function previewDraft(body: CreateDraftBody) {
  const { templateId, name } = draftFields(body);
  return { templateId, name };
}

/** `auditChanges`: what the audit entry notes beyond the design (an import's source). */
export async function createDraft(db: Db, accountId: string, body: CreateDraftBody, now: Date = new Date(), auditChanges: Record<string, unknown> = {}) {
  const { templateId, name, model } = draftFields(body);
  const draft = await db.$transaction(async (tx) => {
    const made = await tx.draft.create({
      data: { id: newId("drf"), accountId, templateId, name, semantic: withBlockIds(model) as object, createdAt: now },
      select: { id: true, templateId: true, name: true },
    });
    await recordAudit(tx, accountId, { action: "draft.created", target: { type: "draft", id: made.id, label: made.name }, changes: { templateId: made.templateId, ...auditChanges } });
    return made;
  });
  return { success: true, data: { id: draft.id, templateId: draft.templateId, name: draft.name, editorUrl: editorUrlOf(draft.id) } } satisfies z.input<typeof DraftCreateResult>;
}
