import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { deleteWebhook } from "@/lib/webhooks/manage-webhooks";

export const DELETE = dashboardRoute({ workspace: "owner" }, async ({ db, workspace, params }) => json(await deleteWebhook(db, workspace.ownerId, String(params.id))));

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
