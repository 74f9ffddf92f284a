import type { Db } from "../db/open";
import { newId } from "../ids";
import { findWebsite } from "../websites/get-website";
import { withBlockIds } from "./block-ids";
import { dataToSemantic } from "./data-to-semantic";
import { draftName } from "./draft-input";

/**
 * /editor/site/<websiteId>: the draft that edits a published website. The draft it was published
 * from (or made for it earlier) is reused; otherwise one is made from the website's stored data.
 * The draft belongs to the website's owner and is born opened (it never expires). Same access as
 * GET /v1/websites/{id}: the owner and an active admin or editor of the owner's team; else 404.
 */
export async function openWebsiteDraft(db: Db, callerId: string, websiteId: string, now: Date = new Date()): Promise<string> {
  const website = await findWebsite(db, callerId, websiteId);
  const existing = await db.draft.findFirst({
    where: { accountId: website.accountId, publishedLinkId: website.id },
    orderBy: { createdAt: "asc" },
    select: { id: true },
  });
  if (existing) return existing.id;
  const semantic = dataToSemantic(website.data);
  const created = await db.draft.create({
    data: {
      id: newId("drf"),
      accountId: website.accountId,
      templateId: website.templateId ?? "simple-stack-v2",
      name: draftName(undefined, semantic),
      semantic: withBlockIds(semantic) as object,
      openedAt: now,
      publishedLinkId: website.id,
      createdAt: now,
    },
    select: { id: true },
  });
  return created.id;
}
