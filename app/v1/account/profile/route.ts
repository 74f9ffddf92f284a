import { profileReport } from "@/lib/accounts/account-reports";
import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.getProfile, async ({ db, account, key, ok }) => ok(await profileReport(db, account.id, key.id))),
);
