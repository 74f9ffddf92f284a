import { z } from "zod";
import type { Db } from "../db/open";
import { isHopError } from "../errors";
import { setGroupLinks } from "../groups/groups";
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
    const { results } = await setStatusBulk(db, callerId, { links: body.links, setActive: body.action === "activate" });
    return { successful: results.successful, failed: results.failed, skipped: [] };
  }
  if (body.action === "delete") {
    const { results } = await deleteLinksBulk(db, callerId, { links: body.links });
    return { successful: results.successful, failed: results.failed, skipped: results.skipped.map((s) => ({ identifier: s.identifier, reason: s.reason })) };
  }
  return moveToGroup(db, ownerId, body.links, body.groupId ?? null);
}

/** Groups belong to the workspace's owner; ungrouping removes each link from whatever group it is in. */
async function moveToGroup(db: Db, ownerId: string, links: string[], groupId: string | null): Promise<BulkOutcome> {
  if (groupId) {
    try {
      const result = await setGroupLinks(db, ownerId, groupId, { linkIds: links, action: "add" });
      const failedIds = new Set(result.failed.map((f) => f.linkId));
      return {
        successful: links.filter((id) => !failedIds.has(id)),
        failed: result.failed.map((f) => ({ identifier: f.linkId, error: f.error.code })),
        skipped: [],
      };
    } catch (error) {
      if (isHopError(error)) return { successful: [], failed: links.map((identifier) => ({ identifier, error: error.code })), skipped: [] };
      throw error;
    }
  }
  const rows = await db.link.findMany({ where: { accountId: ownerId, publicId: { in: links } }, select: { id: true, publicId: true, groupId: true } });
  const found = new Map(rows.map((row) => [row.publicId, row]));
  const outcome: BulkOutcome = { successful: [], failed: [], skipped: [] };
  for (const identifier of links) {
    const row = found.get(identifier);
    if (!row) outcome.failed.push({ identifier, error: "link_not_found" });
    else if (!row.groupId) outcome.skipped.push({ identifier, reason: "not in a group" });
    else outcome.successful.push(identifier);
  }
  const ids = outcome.successful.map((publicId) => found.get(publicId)!.id);
  if (ids.length) await db.link.updateMany({ where: { accountId: ownerId, id: { in: ids } }, data: { groupId: null } });
  return outcome;
}
