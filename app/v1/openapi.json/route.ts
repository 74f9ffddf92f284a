import { publicRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { openApiJson } from "@/lib/api/openapi/document";
import { operations } from "@/lib/api/openapi/operations";

// The API's own description needs no key: clients and the reference page at /docs/api read it first.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  publicRoute(operations.getOpenApiDocument, async () =>
    new Response(openApiJson(), { headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" } }),
  ),
);
