import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { bulkUpdateLinks } from "@/lib/links/bulk-update-links";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.updateLinksBulk, async ({ db, account, body, ok }) => ok(await bulkUpdateLinks(db, account.id, body)), {
    // An MCP dry run (`dryRun` beside `body`) answers what the body's own dryRun would.
    preview: ({ db, account, body }) => bulkUpdateLinks(db, account.id, { ...body, dryRun: true }),
  }),
);
