import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { createLink, previewLink } from "@/lib/links/create-link";
import { toLinkObject } from "@/lib/links/link-object";
import { listLinks } from "@/lib/links/list-links";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.createLink, async ({ db, account, body, ok }) => ok({ success: true, data: toLinkObject(await createLink(db, account, body)) }), {
    preview: ({ db, account, body }) => previewLink(db, account, body),
  }),
  apiRoute(operations.listLinks, async ({ db, account, query, ok }) => ok(await listLinks(db, account.id, query))),
);
