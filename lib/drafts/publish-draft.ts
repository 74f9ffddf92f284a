import { ownerPlan } from "../accounts/account-plan";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { createWebsite, previewWebsite } from "../websites/create-website";
import { CreateWebsiteBody } from "../websites/schemas";
import { zodBadRequest } from "./draft-input";
import { findEditableDraft } from "./draft-access";
import { PublishDraftBody } from "./schemas";
import type { SemanticModel } from "./semantic";
import { semanticToData } from "./semantic-to-data";

// Publishing a draft (the editor's dialog, POST /v1/websites/drafts/{id}/publish) is POST
// /v1/websites with the draft's design and mapped data: the very same createWebsite (address rules,
// limits, free-plan stripping, errors), run as the draft's owner so a team member publishes within
// the owner's limits. The draft's version is claimed first, so two tabs publishing at once make one
// website; the draft then remembers the website it became.

/** The draft, its version and the website it would become: every rule before the claim. */
async function preparePublish(db: Db, callerId: string, draftId: string, input: unknown, now: Date) {
  const parsed = PublishDraftBody.safeParse(input);
  if (!parsed.success) throw zodBadRequest(parsed.error, "publish");
  const { version: sent, ...address } = parsed.data;
  const draft = await findEditableDraft(db, callerId, draftId, now);
  if (draft.publishedLinkId) throw new HopError("draft_already_published");
  if (sent !== undefined && sent !== draft.version) throw new HopError("draft_changed", { extras: { currentVersion: draft.version } });
  const data = semanticToData(draft.semantic as SemanticModel, draft.templateId);
  const checked = CreateWebsiteBody.safeParse({ websiteId: draft.id, templateId: draft.templateId, data, ...address });
  if (!checked.success) throw zodBadRequest(checked.error, "publish");
  return { draft, version: sent ?? draft.version, owner: await ownerPlan(db, draft.accountId), body: checked.data };
}

export async function publishDraft(db: Db, callerId: string, draftId: string, input: unknown, now: Date = new Date()) {
  const { draft, version, owner, body } = await preparePublish(db, callerId, draftId, input, now);
  const claimed = await db.draft.updateMany({
    where: { id: draft.id, accountId: draft.accountId, version, publishedLinkId: null },
    data: { version: { increment: 1 } },
  });
  if (claimed.count === 0) throw new HopError("draft_changed", { extras: { currentVersion: (await findEditableDraft(db, callerId, draftId, now)).version } });
  let website: Awaited<ReturnType<typeof createWebsite>>;
  try {
    website = await createWebsite(db, owner, body);
  } catch (error) {
    // Not published: give the version back, so the editor's next save or publish still applies.
    await db.draft.updateMany({ where: { id: draft.id, accountId: draft.accountId, version: version + 1, publishedLinkId: null }, data: { version } });
    throw error;
  }
  const link = await db.link.findUniqueOrThrow({ where: { publicId: website.id }, select: { id: true } });
  await db.draft.updateMany({ where: { id: draft.id, accountId: draft.accountId }, data: { publishedLinkId: link.id, updatedAt: now } });
  return { ...website, draftId: draft.id, version: version + 1 };
}

/** What publishing would make, after every rule publishDraft checks (a dry run): the draft and its version are left as they are. */
export async function previewPublish(db: Db, callerId: string, draftId: string, input: unknown, now: Date = new Date()) {
  const { draft, owner, body } = await preparePublish(db, callerId, draftId, input, now);
  return { ...(await previewWebsite(db, owner, body)), draftId: draft.id };
}

/** The answer of a publish (the editor's dialog and POST /v1/websites/drafts/{id}/publish). */
export type PublishedDraft = Awaited<ReturnType<typeof publishDraft>>;
