import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { connectDomain, listDomains, previewConnectDomain } from "@/lib/domains/connect-domain";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.listDomains, async ({ db, account, ok }) => ok(await listDomains(db, account.id))),
  apiRoute(operations.connectDomain, async ({ db, account, body, ok }) => ok(await connectDomain(db, account.id, body)), {
    preview: ({ db, account, body }) => previewConnectDomain(db, account.id, body),
  }),
);
