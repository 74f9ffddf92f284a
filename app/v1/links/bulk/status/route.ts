import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { setStatusBulk } from "@/lib/links/link-by-identifier";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.setLinksStatusBulk, async ({ db, account, body, ok }) => ok(await setStatusBulk(db, account.id, body))),
);
