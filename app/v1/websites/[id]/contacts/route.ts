import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { listContacts } from "@/lib/websites/list-contacts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.listWebsiteContacts, async ({ db, account, params, query, ok }) => ok(await listContacts(db, account.id, params.id, query))),
);
