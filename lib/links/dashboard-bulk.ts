import { z } from "zod";
import type { Db } from "../db/open";
import { setGroupLinks, ungroupLinks } from "../groups/groups";
import { deleteLinksBulk } from "./delete-links-bulk";
import { setStatusBulk } from "./link-by-identifier";

// The dashboard's bulk bar: the same use cases as the API's bulk endpoints, answered in one shape
// (what succeeded, failed and was skipped) so the page can say it in one line.

export const DashboardBulkBody = z.object({
  action: z.enum(["activate", "deactivate", "delete", "move"]),
  links: z.array(z.string().min(1).max(300)).min(1, "Select at least one link.").max(100, "Select at most 100 links at a time."),
  /** For "move": the target group; null ungroups. */
  groupId: z.string().max(100).nullable().optional(),
});
export type DashboardBulkBody = z.infer<typeof DashboardBulkBody>;

export interface BulkOutcome {
  successful: string[];
  failed: Array<{ identifier: string; error: string }>;
  skipped: Array<{ identifier: string; reason: string }>;
}

export async function runDashboardBulk(db: Db, callerId: string, ownerId: string, body: DashboardBulkBody): Promise<BulkOutcome> {
  if (body.action === "activate" || body.action === "deactivate") {
    // A link already in the state asked for is skipped, not counted as activated (or deactivated) again.
    const setActive = body.action === "activate";
    const already = await db.link.findMany({ where: { accountId: ownerId, isActive: setActive, OR: [{ publicId: { in: body.links } }, { id: { in: body.links } }] }, select: { id: true, publicId: true } });
    const unchanged = new Set(already.flatMap((link) => [link.id, link.publicId]).filter((id) => body.links.includes(id)));
    const toChange = body.links.filter((id) => !unchanged.has(id));
    const reason = setActive ? "already active" : "already inactive";
    const skipped = [...unchanged].map((identifier) => ({ identifier, reason }));
    if (!toChange.length) return { successful: [], failed: [], skipped };
    const { results } = await setStatusBulk(db, callerId, { links: toChange, setActive });
    return { successful: results.successful, failed: results.failed, skipped };
  }
  if (body.action === "delete") {
    const { results } = await deleteLinksBulk(db, callerId, { links: body.links });
    return { successful: results.successful, failed: results.failed, skipped: results.skipped.map((s) => ({ identifier: s.identifier, reason: s.reason })) };
  }
  return moveToGroup(db, ownerId, body.links, body.groupId ?? null);
}

/**
 * Groups belong to the workspace's owner: the API's group use case moves the links (one
 * transaction, the owner's links only). A group the owner does not have is the API's 404 and
 * nothing moves; "No group" takes each link out of whatever group it is in.
 */
async function moveToGroup(db: Db, ownerId: string, links: string[], groupId: string | null): Promise<BulkOutcome> {
  if (groupId) {
    const { failed } = await setGroupLinks(db, ownerId, groupId, { linkIds: links, action: "add" });
    const failedIds = new Set(failed.map((f) => f.linkId));
    return {
      successful: [...new Set(links)].filter((id) => !failedIds.has(id)),
      failed: failuresOf(failed),
      skipped: [],
    };
  }
  const { moved, skipped, failed } = await ungroupLinks(db, ownerId, links);
  return {
    successful: moved,
    failed: failuresOf(failed),
    skipped: skipped.map((identifier) => ({ identifier, reason: "not in a group" })),
  };
}

const failuresOf = (failed: Array<{ linkId: string; error: { code: string } }>) => failed.map((f) => ({ identifier: f.linkId, error: f.error.code }));
