import { resendConfirmation } from "@/lib/accounts/email-confirmation";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { attachedClientIp } from "@/lib/net/client-ip";

/** "Resend": a new link for the signed-in account's address waiting to be confirmed (throttled). */
export const POST = dashboardRoute({}, async ({ request, db, account }) => json(await resendConfirmation(db, account.id, attachedClientIp(request))));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
