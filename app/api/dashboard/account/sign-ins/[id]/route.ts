import { unlinkIdentity } from "@/lib/accounts/linked-identities";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute } from "@/lib/dashboard/route";

/** Unlinks one of the account's single sign-ons (never the last way in of an account without a password). */
export const DELETE = dashboardRoute({}, async ({ db, account, params }) => {
  await unlinkIdentity(db, account.id, params.id);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
