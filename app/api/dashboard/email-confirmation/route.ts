import { confirmEmail, ConfirmEmailInput } from "@/lib/accounts/email-confirmation";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";

/** Uses a confirmation link (the page's "Confirm" button); the link is the proof, so no session is needed. */
export const POST = dashboardRoute({ body: ConfirmEmailInput, signedOut: true }, async ({ db, body }) => json(await confirmEmail(db, body)));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
