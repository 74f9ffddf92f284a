import { accountOverview } from "@/lib/analytics/account-overview";
import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.getAnalyticsOverview, async ({ db, account, query, ok }) => ok(await accountOverview(db, account.id, query))),
);
