import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { DashboardBulkBody, runDashboardBulk } from "@/lib/links/dashboard-bulk";

export const POST = dashboardRoute({ body: DashboardBulkBody, workspace: "write" }, async ({ db, account, workspace, body }) =>
  json(await runDashboardBulk(db, account.id, workspace.ownerId, body)),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
