import { otherMethods } from "@/lib/api/methods";
import { AuditFilters, exportAuditLog } from "@/lib/audit/list-audit";
import { dashboardRoute } from "@/lib/dashboard/route";
import { csvDownload } from "@/lib/links/export-links";
import { parseOrThrow } from "@/lib/validation/parse";

/** The Audit log page's "Export CSV": GET /v1/audit-log/export's file for the selected workspace (owner and admins). */
export const GET = dashboardRoute({}, async ({ db, account, workspace, request }) => {
  const given = Object.fromEntries([...new URL(request.url).searchParams].filter(([, value]) => value.trim() !== ""));
  const filters = parseOrThrow(AuditFilters, { ...given, workspace: workspace.ownerId });
  return csvDownload(await exportAuditLog(db, account.id, filters), `hop-audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
