import { actingTeamOwners } from "../accounts/add-team-member";
import { obj } from "../bio/data";
import { designOf } from "../bio/designs";
import { isAdultGated } from "../bio/page-settings";
import { keptContrastProblems } from "../bio/style";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { domainKind } from "../links/link-domain";
import { shortUrlOf } from "../links/public-id";
import { resolveLink, type Resolved } from "../links/resolve-identifier";
import type { AnalyticsFilters } from "./filters";
import { linkAnalytics } from "./link-analytics";
import { variantStats } from "./variant-stats";
import type { AnalyticsResult } from "./responses";
import type { LinkAnalyticsQuery } from "./audience";
import { resolveRange } from "./timeframe";
import type { z } from "zod";

const TYPE_NAMES: Record<string, string> = { deeplink: "Deeplink", website: "Website", applink: "Applink" };

/** How the identifier named the item (the contract's terms for websites, docs/API.md "Analytics"; link terms otherwise). */
function resolvedBy(found: Resolved, identifier: string): string {
  const { link } = found;
  if (link.type === "website") {
    if (domainKind(link.domain) === "custom" && found.matchedBy !== "slug") return "customDomain";
    if (identifier.toLowerCase() === link.slug.toLowerCase()) return "customSlug";
    return "documentId";
  }
  return { id: "linkId", shortUrl: "shortUrl", slug: "slug" }[found.matchedBy];
}

/** Resolves the identifier and reads its analytics; the link comes back for the dashboard's page. */
async function analyze(db: Db, callerId: string, identifier: string, query: z.infer<typeof LinkAnalyticsQuery>, now: number, filters?: AnalyticsFilters) {
  const range = resolveRange(query, now, now);
  const teamOwnerIds = await actingTeamOwners(db, callerId);
  const found = await resolveLink(db, callerId, identifier, { mode: "search", teamOwnerIds });
  if (!found) throw HopError.plain(404, "Link or website not found");
  const link = found.link;
  let finalRange = range;
  if (query.timeframe === "all_time" && !query.from) {
    // From the link's first day, or its first event when events predate it (imported history).
    const [first] = await db.$queryRaw<Array<{ hour: Date | null }>>`SELECT MIN("hour") AS hour FROM "EventRollup" WHERE "linkId" = ${link.id}`;
    const firstSeen = Math.min(link.createdAt.getTime(), first?.hour ? new Date(first.hour).getTime() : Infinity);
    finalRange = resolveRange(query, now, firstSeen);
  }
  const result = await linkAnalytics(db, { linkId: link.id, publicId: link.publicId, type: link.type, title: link.title, destination: link.destination }, finalRange, filters, query.audience);
  const analytics = { id: link.publicId, identifier, type: TYPE_NAMES[link.type] ?? link.type, resolvedBy: resolvedBy(found, identifier), ...result, variantStats: await variantStats(db, link, finalRange, filters) } satisfies z.input<typeof AnalyticsResult>;
  return { analytics, link };
}

/** GET /v1/analytics/links/{identifier}: views and clicks of one link or website in a range. */
export async function analyticsForIdentifier(db: Db, callerId: string, identifier: string, query: z.infer<typeof LinkAnalyticsQuery>, now = Date.now()) {
  return (await analyze(db, callerId, identifier, query, now)).analytics;
}

/** GET /v1/analytics/export/{identifier} and the dashboard's download: the buckets as CSV (lib/analytics/export-analytics.ts). */
export async function analyticsForExport(db: Db, callerId: string, identifier: string, query: z.infer<typeof LinkAnalyticsQuery>, now = Date.now()) {
  const { analytics, link } = await analyze(db, callerId, identifier, query, now);
  return { analytics, publicId: link.publicId };
}

/**
 * The dashboard's analytics page: the same answer, narrowed to the visitors of one country,
 * device, platform or referrer when filters are given, and what the page names the item by.
 */
export async function analyticsPage(db: Db, callerId: string, identifier: string, query: z.infer<typeof LinkAnalyticsQuery>, filters: AnalyticsFilters, now = Date.now()) {
  const { analytics, link } = await analyze(db, callerId, identifier, query, now, filters);
  return {
    analytics,
    subject: {
      title: link.title,
      shortUrl: shortUrlOf(link.domain, link.slug),
      type: link.type,
      ageGated: link.type === "website" && isAdultGated(link.data),
      // Colours under WCAG AA that the owner kept on purpose (the page draws them as chosen).
      lowContrast: link.type === "website" ? keptContrastProblems(designOf(link.templateId), obj(link.data)) : [],
    },
  };
}
