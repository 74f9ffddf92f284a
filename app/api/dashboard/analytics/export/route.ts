import { analyticsForExport } from "@/lib/analytics/analytics-for-identifier";
import { LinkAnalyticsQuery } from "@/lib/analytics/audience";
import { analyticsCsvResponse } from "@/lib/analytics/export-analytics";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute } from "@/lib/dashboard/route";
import { parseOrThrow } from "@/lib/validation/parse";
import { z } from "zod";

const DownloadQuery = LinkAnalyticsQuery.extend({ id: z.string().min(1).max(2000) });

/** The link analytics page's "Download CSV": GET /v1/analytics/export/{identifier}'s file for the selected workspace, with the page's range and audience. */
export const GET = dashboardRoute({}, async ({ db, workspace, request }) => {
  const { id, ...query } = parseOrThrow(DownloadQuery, Object.fromEntries(new URL(request.url).searchParams));
  return analyticsCsvResponse(await analyticsForExport(db, workspace.ownerId, id, query));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
