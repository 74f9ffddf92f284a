import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { previewSetDefaultDomain, setDefaultDomain } from "@/lib/domains/connect-domain";
import { deleteDomain, previewDeleteDomain } from "@/lib/domains/delete-domain";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.setDefaultDomain, async ({ db, account, params, body, ok }) => ok(await setDefaultDomain(db, account.id, params.domain, body.isDefault)), {
    preview: ({ db, account, params, body }) => previewSetDefaultDomain(db, account.id, params.domain, body.isDefault),
  }),
  apiRoute(operations.deleteDomain, async ({ db, account, params, ok }) => ok(await deleteDomain(db, account.id, params.domain)), {
    preview: ({ db, account, params }) => previewDeleteDomain(db, account.id, params.domain),
  }),
);
