import { z } from "zod";
import { recordAudit } from "../audit/record-audit";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { withBlockIds } from "./block-ids";
import { badRequest, draftName, draftTemplate, parseSemantic } from "./draft-input";
import { editableDraftWhere, findEditableDraft } from "./draft-access";

// An editor save (autosave): the whole model, the name and the design, checked exactly as on
// create, applied only when the caller names the version it edited. A save from an older version
// (another tab saved first) is a 409 `draft_changed`, so two tabs never silently overwrite each
// other; the editor then offers to reload. A run of autosaves is one audit entry (AUTOSAVE_RUN_MS).

/** Autosaves come every few seconds of typing: one entry stands for a user's saves of a draft within this span. */
export const AUTOSAVE_RUN_MS = 10 * 60_000;

export const UpdateDraftInput = z.object({
  version: z.number().int().min(1),
  semantic: z.unknown().optional(),
  name: z.unknown().optional(),
  templateId: z.unknown().optional(),
});
export type UpdateDraftInput = z.infer<typeof UpdateDraftInput>;

export async function updateDraft(db: Db, callerId: string, draftId: string, input: unknown, now: Date = new Date()) {
  const parsed = UpdateDraftInput.safeParse(input);
  if (!parsed.success) throw badRequest("version", "A save names the draft `version` it was made from (a positive integer).");
  const { version } = parsed.data;
  const current = await findEditableDraft(db, callerId, draftId, now);
  const sent = parsed.data.semantic !== undefined ? parseSemantic(parsed.data.semantic).model : null;
  const model = sent ?? (current.semantic as Parameters<typeof draftName>[1]);
  const templateId = parsed.data.templateId !== undefined ? draftTemplate(parsed.data.templateId, undefined) : current.templateId;
  const name = parsed.data.name !== undefined ? draftName(parsed.data.name, model) : current.name;
  const where = { ...(await editableDraftWhere(db, callerId, draftId, now)), version };
  const changed = await db.$transaction(async (tx) => {
    const saved = await tx.draft.updateMany({ where, data: { version: { increment: 1 }, templateId, name, ...(sent ? { semantic: withBlockIds(sent) as object } : {}), updatedAt: now } });
    if (saved.count) {
      await recordAudit(tx, current.accountId, {
        action: "draft.updated",
        target: { type: "draft", id: draftId, label: name },
        changes: { ...(sent ? { semantic: sent } : {}), ...(name !== current.name ? { name } : {}), ...(templateId !== current.templateId ? { templateId } : {}) },
        details: { version: version + 1 },
        foldWithinMs: AUTOSAVE_RUN_MS,
      });
    }
    return saved;
  });
  if (changed.count === 0) {
    const latest = await findEditableDraft(db, callerId, draftId, now); // gone meanwhile: 404
    throw new HopError("draft_changed", { extras: { currentVersion: latest.version } });
  }
  return { id: draftId, version: version + 1, templateId, name, updatedAt: now };
}
