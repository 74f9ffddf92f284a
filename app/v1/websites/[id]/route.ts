import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { getWebsite } from "@/lib/websites/get-website";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.getWebsite, async ({ db, account, params, ok }) => ok(await getWebsite(db, account.id, params.id))),
);
