import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { PaginationQuery } from "@/lib/links/list-links";
import { listContacts } from "@/lib/websites/list-contacts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  GET: apiRoute({ resource: "websites", query: PaginationQuery }, async ({ db, account, params, query }) =>
    json(await listContacts(db, account.id, params.id, query)),
  ),
});
