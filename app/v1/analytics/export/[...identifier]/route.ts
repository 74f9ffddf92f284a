import { analyticsForExport } from "@/lib/analytics/analytics-for-identifier";
import { analyticsCsvResponse } from "@/lib/analytics/export-analytics";
import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";

// CSV, not JSON: a download rather than ok().
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.exportLinkAnalytics, async ({ db, account, params, query }) => analyticsCsvResponse(await analyticsForExport(db, account.id, params.identifier, query))),
);
