import { usageReport } from "@/lib/accounts/account-reports";
import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  GET: apiRoute({ resource: "account" }, async ({ usage, limits }) => json(usageReport(usage, limits))),
});
