import { linkTarget, recordAudit } from "../audit/record-audit";
import { enqueueWebhookEvents } from "../webhooks/outbox";
import { publishedWebsiteEvent } from "../websites/website-events";
import { z } from "zod";
import { ownerPlan } from "../accounts/account-plan";
import { isPaidPlan } from "../accounts/plans";
import { announce } from "../cache/invalidation";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { domainKind } from "../links/link-domain";
import { TX_OPTIONS } from "../links/link-owner";
import { shortUrlOf } from "../links/public-id";
import { PageData, preparePageData } from "../websites/page-data";
import { isEditorBlock } from "./data-to-semantic";
import { zodBadRequest } from "./draft-input";
import { findEditableDraft } from "./draft-access";
import type { SemanticModel } from "./semantic";
import { semanticToData } from "./semantic-to-data";

// "Publish changes": the draft's edits replace the live website's design and page data in one
// transaction, with the same data checks and free-plan stripping as POST /v1/websites, and the
// change is announced exactly as a link update is, so the very next visit on every instance draws
// the new page. Members of the stored data the editor does not edit (analytics tags, favicon,
// contact blocks, the adult gate …) are kept.

export const PublishDraftChangesInput = z.object({ version: z.number().int().min(1) });

type Rec = Record<string, unknown>;
const obj = (value: unknown): Rec => (value && typeof value === "object" && !Array.isArray(value) ? (value as Rec) : {});

/** The edited page over the stored one: edited members win, unknown ones stay, other block types keep their place at the end. */
export function mergeEditedData(stored: unknown, edited: Rec): Rec {
  const before = obj(stored);
  const keptBlocks = (Array.isArray(before.links) ? before.links : []).filter((block) => !isEditorBlock(block));
  return {
    ...before,
    ...edited,
    advanced: { ...obj(before.advanced), pageTitle: undefined, metaDescription: undefined, ogImage: undefined, ...obj(edited.advanced) },
    settings: { ...obj(before.settings), ...obj(edited.settings) },
    links: [...(edited.links as unknown[]), ...keptBlocks],
  };
}

export async function publishDraftChanges(db: Db, callerId: string, draftId: string, input: unknown, now: Date = new Date()) {
  const parsed = PublishDraftChangesInput.safeParse(input);
  if (!parsed.success) throw zodBadRequest(parsed.error, "publish");
  const draft = await findEditableDraft(db, callerId, draftId, now);
  if (!draft.publishedLinkId) throw HopError.titled(409, "Conflict", "The draft is not published yet: publish it first.", { field: "publish" });
  if (draft.version !== parsed.data.version) throw new HopError("draft_changed", { extras: { currentVersion: draft.version } });
  const link = await db.link.findFirst({ where: { id: draft.publishedLinkId, accountId: draft.accountId, type: "website" } });
  if (!link) throw new HopError("link_not_found", { message: "The published website no longer exists." });
  const owner = await ownerPlan(db, draft.accountId);
  const merged = mergeEditedData(link.data, semanticToData(draft.semantic as SemanticModel, draft.templateId));
  const checked = PageData.safeParse(JSON.parse(JSON.stringify(merged)));
  if (!checked.success) throw zodBadRequest(checked.error, "data");
  const data = await preparePageData(db, owner, checked.data, domainKind(link.domain) === "primary");
  const profile = obj(data.profile);
  const behavior = obj(data.settings).deepLinkBehavior;
  await db.$transaction(async (tx) => {
    const changed = await tx.link.update({
      where: { id: link.id },
      data: {
        templateId: draft.templateId,
        data: data as object,
        title: typeof profile.name === "string" ? profile.name.slice(0, 500) : link.title,
        ...(typeof behavior === "string" ? { behavior: isPaidPlan(owner.plan) ? behavior : "conservative" } : {}),
        updatedAt: now,
      },
    });
    await tx.draft.updateMany({ where: { id: draft.id, accountId: draft.accountId }, data: { updatedAt: now } });
    await recordAudit(tx, link.accountId, { action: "website.updated", target: linkTarget(changed), changes: { templateId: changed.templateId, title: changed.title }, details: { draftId: draft.id, version: draft.version } });
    await enqueueWebhookEvents(tx, link.accountId, "website.published", [publishedWebsiteEvent(changed)]);
  }, TX_OPTIONS);
  await announce({ kind: "link", domain: link.domain, slug: link.slug });
  return { message: "Changes published", id: link.publicId, url: shortUrlOf(link.domain, link.slug), isActive: link.isActive, draftId: draft.id, version: draft.version };
}
