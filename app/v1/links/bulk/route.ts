import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { createLinksBulk, previewLinksBulk } from "@/lib/links/create-links-bulk";
import { deleteLinksBulk } from "@/lib/links/delete-links-bulk";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.createLinksBulk, async ({ db, account, body, ok }) => ok(await createLinksBulk(db, account, body)), {
    preview: ({ db, account, body }) => previewLinksBulk(db, account, body),
  }),
  apiRoute(operations.deleteLinksBulk, async ({ db, account, body, ok }) => ok(await deleteLinksBulk(db, account.id, body))),
);
