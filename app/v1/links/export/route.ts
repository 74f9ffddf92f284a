import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { csvDownload, exportFileName, exportLinksCsv } from "@/lib/links/export-links";

// CSV, not JSON: streamed by csvDownload rather than ok().
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.exportLinks, async ({ db, account, query }) => csvDownload(exportLinksCsv(db, account.id, query), exportFileName())),
);
