import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { sendTestEvent } from "@/lib/webhooks/manage-webhooks";

/** "Send test event": a webhook.test delivery through the outbox, like any event. */
export const POST = dashboardRoute({ workspace: "owner" }, async ({ db, workspace, params }) => {
  await sendTestEvent(db, workspace.ownerId, String(params.id));
  return json({ success: true });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
