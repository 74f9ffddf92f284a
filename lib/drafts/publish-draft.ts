import { z } from "zod";
import { ownerPlan } from "../accounts/account-plan";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { createWebsite } from "../websites/create-website";
import { CreateWebsiteBody } from "../websites/schemas";
import { zodBadRequest } from "./draft-input";
import { findEditableDraft } from "./draft-access";
import type { SemanticModel } from "./semantic";
import { semanticToData } from "./semantic-to-data";

// Publishing a draft is POST /v1/websites with the draft's design and mapped data: the very same
// createWebsite (address rules, limits, free-plan stripping, errors), run as the draft's owner so
// a team member publishes within the owner's limits. The draft's version is claimed first, so two
// tabs publishing at once make one website; the draft then remembers the website it became.

/** The address part of POST /v1/websites, as the editor's publish dialog sends it. */
export const PublishDraftInput = z.object({
  version: z.number().int().min(1),
  customSlug: z.string().optional(),
  useSystemDomain: z.boolean().optional(),
  systemDomain: z.string().optional(),
  customDomain: z.string().optional(),
  customPath: z.string().optional(),
  deployToHosting: z.boolean().optional(),
});
export type PublishDraftInput = z.infer<typeof PublishDraftInput>;

export async function publishDraft(db: Db, callerId: string, draftId: string, input: unknown, now: Date = new Date()) {
  const parsed = PublishDraftInput.safeParse(input);
  if (!parsed.success) throw zodBadRequest(parsed.error, "publish");
  const { version, ...address } = parsed.data;
  const draft = await findEditableDraft(db, callerId, draftId, now);
  if (draft.publishedLinkId) throw new HopError("draft_already_published");
  const claimed = await db.draft.updateMany({
    where: { id: draft.id, accountId: draft.accountId, version, publishedLinkId: null },
    data: { version: { increment: 1 } },
  });
  if (claimed.count === 0) throw new HopError("draft_changed", { extras: { currentVersion: (await findEditableDraft(db, callerId, draftId, now)).version } });
  const owner = await ownerPlan(db, draft.accountId);
  const data = semanticToData(draft.semantic as SemanticModel, draft.templateId);
  const body = { websiteId: draft.id, templateId: draft.templateId, data, ...address };
  let website: Awaited<ReturnType<typeof createWebsite>>;
  try {
    const checked = CreateWebsiteBody.safeParse(body);
    if (!checked.success) throw zodBadRequest(checked.error, "publish");
    website = await createWebsite(db, owner, checked.data);
  } catch (error) {
    // Not published: give the version back, so the editor's next save or publish still applies.
    await db.draft.updateMany({ where: { id: draft.id, accountId: draft.accountId, version: version + 1, publishedLinkId: null }, data: { version } });
    throw error;
  }
  const link = await db.link.findUniqueOrThrow({ where: { publicId: website.id }, select: { id: true } });
  await db.draft.updateMany({ where: { id: draft.id, accountId: draft.accountId }, data: { publishedLinkId: link.id, updatedAt: now } });
  return { ...website, draftId: draft.id, version: version + 1 };
}

/** The answer of POST /api/dashboard/drafts/{id}/publish (and the editor's view of it). */
export type PublishedDraft = Awaited<ReturnType<typeof publishDraft>>;
