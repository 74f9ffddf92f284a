import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { exportAuditLog } from "@/lib/audit/list-audit";
import { csvDownload } from "@/lib/links/export-links";

// CSV, not JSON: streamed by csvDownload rather than ok().
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.exportAuditLog, async ({ db, account, query }) =>
    csvDownload(await exportAuditLog(db, account.id, query), `hop-audit-log-${new Date().toISOString().slice(0, 10)}.csv`),
  ),
);
