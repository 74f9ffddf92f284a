import { otherMethods } from "@/lib/api/methods";
import { LinkSignInInput, linkAfterPassword } from "@/lib/auth/oidc-link";
import { sessionSetCookie, sessionTokenFor } from "@/lib/auth/session";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { attachedClientIp } from "@/lib/net/client-ip";

/** The link page's form: the provider's sign-in is linked after the account's password, and this browser is signed in (as by the provider). */
export const POST = dashboardRoute({ body: LinkSignInInput, signedOut: true }, async ({ request, db, body }) => {
  const linked = await linkAfterPassword(db, body, attachedClientIp(request) ?? "unknown");
  const response = json({ linked: true, provider: linked.provider });
  response.headers.append("set-cookie", sessionSetCookie(await sessionTokenFor(linked.account, linked.provider)));
  return response;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
