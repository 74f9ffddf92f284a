import { analyticsForIdentifier } from "@/lib/analytics/analytics-for-identifier";
import { AnalyticsQuery } from "@/lib/analytics/timeframe";
import { apiRoute, json } from "@/lib/api/handler";

export const GET = apiRoute({ resource: "analytics", query: AnalyticsQuery }, async ({ db, account, params, query }) =>
  json(await analyticsForIdentifier(db, account.id, params.identifier, query)),
);
