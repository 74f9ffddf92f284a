import { analyticsForIdentifier } from "@/lib/analytics/analytics-for-identifier";
import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.getLinkAnalytics, async ({ db, account, params, query, ok }) =>
    ok(await analyticsForIdentifier(db, account.id, params.identifier, query)),
  ),
);
