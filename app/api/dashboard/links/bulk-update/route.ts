import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { DashboardBulkUpdateBody, dashboardBulkUpdate } from "@/lib/links/dashboard-bulk-update";

// "Edit in bulk" on the links table: the workspace owner's links, as POST /v1/links/bulk-update
// changes them (one audit entry for a real run, none for the preview's dry run).
export const POST = dashboardRoute({ body: DashboardBulkUpdateBody, workspace: "write" }, async ({ db, workspace, body }) =>
  json(await dashboardBulkUpdate(db, workspace.ownerId, body)),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
