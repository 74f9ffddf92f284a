import { limitsReport } from "@/lib/accounts/account-reports";
import { apiRoute, json } from "@/lib/api/handler";

export const GET = apiRoute({ resource: "account" }, async ({ db, account, limits }) => json(await limitsReport(db, account, limits)));
