import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { cancelInvitation } from "@/lib/team/invitations";

/** The owner withdraws an invitation: its link stops working. */
export const DELETE = dashboardRoute({}, async ({ db, account, params }) => json(await cancelInvitation(db, account.id, params.id)));

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
