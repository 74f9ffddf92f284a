import { analyticsForIdentifier } from "@/lib/analytics/analytics-for-identifier";
import { AnalyticsQuery } from "@/lib/analytics/timeframe";
import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  GET: apiRoute({ resource: "analytics", query: AnalyticsQuery }, async ({ db, account, params, query }) =>
    json(await analyticsForIdentifier(db, account.id, params.identifier, query)),
  ),
});
