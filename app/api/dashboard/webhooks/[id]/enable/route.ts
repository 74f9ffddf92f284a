import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { reenableWebhook } from "@/lib/webhooks/manage-webhooks";

/** "Re-enable" a webhook switched off after a week of failures. */
export const POST = dashboardRoute({ workspace: "owner" }, async ({ db, workspace, params }) => {
  await reenableWebhook(db, workspace.ownerId, String(params.id));
  return json({ success: true });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
