import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { previewVerifyDomain, verifyDomain } from "@/lib/domains/verify-domain";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.verifyDomain, async ({ db, account, params, ok }) => ok(await verifyDomain(db, account.id, params.domain)), {
    preview: ({ db, account, params }) => previewVerifyDomain(db, account.id, params.domain),
  }),
);
