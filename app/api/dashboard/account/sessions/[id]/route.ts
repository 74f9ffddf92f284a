import { endSessionById } from "@/lib/accounts/account-sessions";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute } from "@/lib/dashboard/route";

/** Ends one session of the account's list (that browser is signed out at its next request). */
export const DELETE = dashboardRoute({}, async ({ db, account, params }) => {
  await endSessionById(db, account.id, params.id);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
