import { RequestPasswordResetInput, requestPasswordReset } from "@/lib/accounts/password-reset";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { attachedClientIp } from "@/lib/net/client-ip";

/** "Forgot password": the same 202 whether or not an account uses the address; the e-mail follows. */
export const POST = dashboardRoute({ body: RequestPasswordResetInput, signedOut: true }, async ({ db, body, request }) =>
  json(await requestPasswordReset(db, body, attachedClientIp(request)), 202),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
