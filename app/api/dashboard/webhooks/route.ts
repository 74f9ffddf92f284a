import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { createWebhook } from "@/lib/webhooks/manage-webhooks";
import { CreateWebhookBody } from "@/lib/webhooks/schemas";

/** Webhooks are the workspace owner's, as the API keeps them to full keys. */
export const POST = dashboardRoute({ body: CreateWebhookBody, workspace: "owner" }, async ({ db, workspace, body }) => json(await createWebhook(db, workspace.ownerId, body), 201));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
