import { publicRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { openApiJson } from "@/lib/api/openapi/document";

// The API's own description needs no key: clients and the reference page at /docs/api read it first.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  GET: publicRoute(async () =>
    new Response(openApiJson(), { headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" } }),
  ),
});
