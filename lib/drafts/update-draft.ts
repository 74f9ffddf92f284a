import { z } from "zod";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { withBlockIds } from "./block-ids";
import { badRequest, draftName, draftTemplate, parseSemantic } from "./draft-input";
import { editableDraftWhere, findEditableDraft } from "./draft-access";

// An editor save (autosave): the whole model, the name and the design, checked exactly as on
// create, applied only when the caller names the version it edited. A save from an older version
// (another tab saved first) is a 409 `draft_changed`, so two tabs never silently overwrite each
// other; the editor then offers to reload.

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
  const changed = await db.draft.updateMany({
    where: { ...(await editableDraftWhere(db, callerId, draftId, now)), version },
    data: { version: { increment: 1 }, templateId, name, ...(sent ? { semantic: withBlockIds(sent) as object } : {}), updatedAt: now },
  });
  if (changed.count === 0) {
    const latest = await findEditableDraft(db, callerId, draftId, now); // gone meanwhile: 404
    throw new HopError("draft_changed", { extras: { currentVersion: latest.version } });
  }
  return { id: draftId, version: version + 1, templateId, name, updatedAt: now };
}
