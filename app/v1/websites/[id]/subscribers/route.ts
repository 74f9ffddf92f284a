import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { listSubscribers } from "@/lib/websites/subscribers";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.listWebsiteSubscribers, async ({ db, account, params, query, ok }) => ok(await listSubscribers(db, account.id, params.id, query))),
);
