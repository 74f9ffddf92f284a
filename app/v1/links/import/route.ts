import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { importLinks, readImportBody } from "@/lib/links/import-links";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.importLinks, async ({ db, account, query, request, ok }) => ok(await importLinks(db, account, await readImportBody(request), { dryRun: query.dryRun, domain: query.domain }))),
);
