import { limitsReport } from "@/lib/accounts/account-reports";
import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.getLimits, async ({ db, account, limits, ok }) => ok(await limitsReport(db, account, limits))),
);
