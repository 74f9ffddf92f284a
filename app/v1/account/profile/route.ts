import { profileReport } from "@/lib/accounts/account-reports";
import { apiRoute, json } from "@/lib/api/handler";

export const GET = apiRoute({ resource: "account", fullKeyOnly: true }, async ({ db, account, key }) =>
  json(await profileReport(db, account.id, key.id)),
);
