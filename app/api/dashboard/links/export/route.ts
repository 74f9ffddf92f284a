import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute } from "@/lib/dashboard/route";
import { csvDownload, exportFileName, exportLinksCsv } from "@/lib/links/export-links";
import { DashboardLinksQuery, dashboardLinkFilters } from "@/lib/links/list-links-page";
import { parseOrThrow } from "@/lib/validation/parse";

/** The Links page's "Export CSV": GET /v1/links/export's file for the selected workspace, with the page's filters (its status too). */
export const GET = dashboardRoute({}, async ({ db, workspace, request }) => {
  const query = parseOrThrow(DashboardLinksQuery, Object.fromEntries(new URL(request.url).searchParams));
  const now = new Date();
  return csvDownload(exportLinksCsv(db, workspace.ownerId, dashboardLinkFilters(query, now)), exportFileName(now));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
