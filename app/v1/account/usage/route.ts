import { usageReport } from "@/lib/accounts/account-reports";
import { apiRoute, json } from "@/lib/api/handler";

export const GET = apiRoute({ resource: "account" }, async ({ usage, limits }) => json(usageReport(usage, limits)));
