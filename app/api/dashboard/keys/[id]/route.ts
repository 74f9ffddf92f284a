import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { revokeKey } from "@/lib/keys/revoke-key";

/** The CLI's use case: refused from the very next API request. Another account's key id is 404. */
export const DELETE = dashboardRoute({}, async ({ db, account, params }) => json(await revokeKey(db, account.id, params.id)));

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
