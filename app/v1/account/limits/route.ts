import { limitsReport } from "@/lib/accounts/account-reports";
import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  GET: apiRoute({ resource: "account" }, async ({ db, account, limits }) => json(await limitsReport(db, account, limits))),
});
