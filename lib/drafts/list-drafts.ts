import type { Db } from "../db/open";
import { shortUrlOf } from "../links/public-id";
import { liveDraft, UNOPENED_DRAFT_LIFETIME_MS } from "./lifetime";

// The drafts a customer would lose track of, for the Websites page: pages not published yet (made
// in the dashboard or with POST /v1/websites/drafts — an unopened one shows when it expires), and
// published pages whose draft holds saved changes that are not live yet (publishing stamps both
// rows, so a draft saved after its website was last written has unpublished changes).

const SHOWN = 20;

export interface DraftInProgress {
  id: string;
  name: string;
  templateId: string;
  updatedAt: Date;
  /** When an unopened draft disappears; null once it was opened (it is kept). */
  expiresAt: Date | null;
  /** The live page it edits, for a published page with unpublished changes. */
  published: { id: string; url: string } | null;
}

export async function listDraftsInProgress(db: Db, ownerId: string, now: Date = new Date()): Promise<{ drafts: DraftInProgress[]; more: number }> {
  const drafts = await db.draft.findMany({
    where: { accountId: ownerId, ...liveDraft(now) },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: 200,
    select: { id: true, name: true, templateId: true, openedAt: true, createdAt: true, updatedAt: true, publishedLinkId: true },
  });
  const linkIds = drafts.flatMap((d) => (d.publishedLinkId ? [d.publishedLinkId] : []));
  const links = linkIds.length
    ? await db.link.findMany({ where: { accountId: ownerId, id: { in: linkIds } }, select: { id: true, publicId: true, domain: true, slug: true, updatedAt: true } })
    : [];
  const linkOf = new Map(links.map((link) => [link.id, link]));
  const inProgress = drafts.flatMap((draft): DraftInProgress[] => {
    const expiresAt = draft.openedAt ? null : new Date(draft.createdAt.getTime() + UNOPENED_DRAFT_LIFETIME_MS);
    const base = { id: draft.id, name: draft.name, templateId: draft.templateId, updatedAt: draft.updatedAt, expiresAt };
    if (!draft.publishedLinkId) return [{ ...base, published: null }];
    const link = linkOf.get(draft.publishedLinkId);
    // Not listed: an up-to-date draft, and the draft of a deleted website (it cannot publish again).
    return link && draft.updatedAt > link.updatedAt ? [{ ...base, published: { id: link.publicId, url: shortUrlOf(link.domain, link.slug) } }] : [];
  });
  return { drafts: inProgress.slice(0, SHOWN), more: Math.max(0, inProgress.length - SHOWN) };
}
