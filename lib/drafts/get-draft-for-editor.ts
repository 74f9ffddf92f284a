import type { Db } from "../db/open";
import { editorUrlOf } from "./create-draft";
import { findEditableDraft } from "./draft-access";
import type { SemanticModel } from "./semantic";
import { semanticToData } from "./semantic-to-data";

/**
 * What the editor loads at /editor/<id>, for a signed-in caller (the owner or an active admin or
 * editor of the owner's team; anyone else gets 404). The first load marks the draft opened, which
 * keeps it past the 30 days an unopened draft lives. `data` is the mapped page the preview draws.
 */
export async function getDraftForEditor(db: Db, callerId: string, draftId: string, now: Date = new Date()) {
  const draft = await findEditableDraft(db, callerId, draftId, now);
  let openedAt = draft.openedAt;
  if (!openedAt) {
    await db.draft.updateMany({ where: { id: draft.id, accountId: draft.accountId, openedAt: null }, data: { openedAt: now } });
    openedAt = (await db.draft.findFirst({ where: { id: draft.id, accountId: draft.accountId }, select: { openedAt: true } }))?.openedAt ?? now;
  }
  const semantic = draft.semantic as SemanticModel;
  return {
    id: draft.id,
    ownerId: draft.accountId,
    templateId: draft.templateId,
    name: draft.name,
    semantic,
    data: semanticToData(semantic, draft.templateId),
    version: draft.version,
    openedAt,
    publishedLinkId: draft.publishedLinkId,
    createdAt: draft.createdAt,
    updatedAt: draft.updatedAt,
    editorUrl: editorUrlOf(draft.id),
  };
}
