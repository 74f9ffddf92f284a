import type { Db } from "../db/open";
import { shortUrlOf } from "../links/public-id";
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
  const website = draft.publishedLinkId
    ? await db.link.findFirst({ where: { id: draft.publishedLinkId, accountId: draft.accountId }, select: { publicId: true, domain: true, slug: true, isActive: true, updatedAt: true } })
    : null;
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
    /** The live website this draft edits (after publishing, or opened from /editor/site/<id>). */
    published: website
      ? {
          id: website.publicId,
          url: shortUrlOf(website.domain, website.slug),
          isActive: website.isActive,
          /** Saved after the live page was last published (publishing stamps both rows). */
          unpublishedChanges: draft.updatedAt > website.updatedAt,
        }
      : null,
  };
}

export type DraftForEditor = Awaited<ReturnType<typeof getDraftForEditor>>;
