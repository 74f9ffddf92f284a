import { PasskeySignInInput, verifyPasskeySignIn } from "@/lib/accounts/passkey-sign-in";
import { otherMethods } from "@/lib/api/methods";
import { sessionSetCookie, sessionTokenFor } from "@/lib/auth/session";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { attachedClientIp } from "@/lib/net/client-ip";

/**
 * Signs in with the browser's answer to passkey options (alone or as the second step): the same
 * session cookie a password sign-in gets (a new session id, listed on the account page).
 */
export const POST = dashboardRoute({ body: PasskeySignInInput, signedOut: true }, async ({ request, db, body }) => {
  const account = await verifyPasskeySignIn(db, body, attachedClientIp(request) ?? "unknown");
  const response = json({ signedIn: true });
  response.headers.append("set-cookie", sessionSetCookie(await sessionTokenFor(account)));
  return response;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
