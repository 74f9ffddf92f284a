import { profileReport } from "@/lib/accounts/account-reports";
import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  GET: apiRoute({ resource: "account", fullKeyOnly: true }, async ({ db, account, key }) =>
    json(await profileReport(db, account.id, key.id)),
  ),
});
