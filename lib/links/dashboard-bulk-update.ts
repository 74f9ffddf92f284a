import { z } from "zod";
import type { Db } from "../db/open";
import { codedError } from "../validation/coded";
import { bulkUpdateLinks } from "./bulk-update-links";
import { BulkUpdateChange, MAX_BULK_UPDATE_IDS } from "./bulk-update-schema";
import { toLinkObject } from "./link-object";
import { ListLinksQuery } from "./list-links";
import { dashboardLinkFilters, LINK_STATUS_FILTERS } from "./list-links-page";

// The links table's "Edit in bulk" (app/api/dashboard/links/bulk-update): POST /v1/links/bulk-update's
// use case for the workspace's owner, choosing the links as the table does — its filters (type,
// health and every status included) or the selected rows. The change is the API's, checked by the same schema.
// A dry run's sample also says how each link is now, so the preview can show old → new.

const FILTER_NAMES = ["search", "tag", "domain", "groupId", "type", "health", "status"] as const;
const { search, tag, domain, groupId, type, health } = ListLinksQuery.shape;

export const DashboardBulkUpdateBody = z.strictObject({
  links: z.discriminatedUnion("by", [
    z.strictObject({ by: z.literal("ids"), ids: z.array(z.string().min(1).max(600)).min(1, "Choose at least one link.").max(MAX_BULK_UPDATE_IDS) }),
    z
      .strictObject({
        by: z.literal("filter"),
        search,
        tag,
        domain,
        groupId,
        // The table's choices, strictly (the page falls back on a bad one): here it would widen the match.
        type,
        health,
        status: z.enum(LINK_STATUS_FILTERS).optional(),
      })
      .refine((filter) => FILTER_NAMES.some((name) => filter[name] !== undefined && String(filter[name]).trim() !== ""), {
        error: codedError("invalid_request", "Search or filter the list first: editing every link of the workspace at once is not offered."),
      }),
  ]),
  change: BulkUpdateChange,
  dryRun: z.boolean().optional(),
});
export type DashboardBulkUpdateBody = z.infer<typeof DashboardBulkUpdateBody>;

type LinkState = Pick<ReturnType<typeof toLinkObject>, "destination" | "tags" | "groupId" | "isActive" | "expiresAt">;

export interface DashboardBulkUpdateResult {
  matched: number;
  changed: number;
  failedCount: number;
  failed: Array<{ id: string; url: string; error: string; code: string }>;
  dryRun: boolean;
  /** Up to 10 changed links: how each is now and after the change (a dry run), or after it. */
  sample: Array<{ id: string; url: string; before: LinkState | null; after: LinkState }>;
}

const stateOf = (link: LinkState): LinkState => ({ destination: link.destination, tags: link.tags, groupId: link.groupId, isActive: link.isActive, expiresAt: link.expiresAt });

export async function dashboardBulkUpdate(db: Db, ownerId: string, body: DashboardBulkUpdateBody, at = new Date()): Promise<DashboardBulkUpdateResult> {
  const { links, change } = body;
  const filter = links.by === "ids" ? { ids: links.ids } : scopeOf(links, at);
  const result = await bulkUpdateLinks(db, ownerId, { filter, change, dryRun: body.dryRun });
  // A dry run wrote nothing: the stored rows are the "before" of its sample. Failures are named by their short URL.
  const sampleIds = result.dryRun ? result.sample.map((link) => link.id) : [];
  const failedIds = result.failed.map((failure) => failure.id);
  const stored = sampleIds.length || failedIds.length
    ? await db.link.findMany({ where: { accountId: ownerId, publicId: { in: [...sampleIds, ...failedIds] } } })
    : [];
  const now = new Map(stored.map((row) => [row.publicId, toLinkObject(row)]));
  return {
    matched: result.matched,
    changed: result.changed,
    failedCount: result.failedCount,
    failed: result.failed.map((failure) => ({ ...failure, url: now.get(failure.id)?.url ?? failure.id })),
    dryRun: result.dryRun,
    sample: result.sample.map((link) => {
      const before = result.dryRun ? now.get(link.id) : undefined;
      return { id: link.id, url: link.url, before: before ? stateOf(before) : null, after: stateOf(link) };
    }),
  };
}

/** The table's filters as the use case's: a status the API's filter has not becomes linkListWhere's own reading of it. */
function scopeOf(links: Extract<DashboardBulkUpdateBody["links"], { by: "filter" }>, now: Date) {
  const { search, tag, domain, groupId, type, health, isActive, expiredBy, hasPassword, startsAfter, capped } = dashboardLinkFilters(links, now);
  return { search: search?.trim() || undefined, tags: tag ? [tag] : undefined, domain, groupId, type, health, isActive, expiredBy, hasPassword, startsAfter, capped };
}
