import { ChangePasswordInput, changePassword } from "@/lib/accounts/manage-profile";
import { otherMethods } from "@/lib/api/methods";
import { sessionSetCookie, sessionTokenFor } from "@/lib/auth/session";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { attachedClientIp } from "@/lib/net/client-ip";

/**
 * Every other session ends (the session version rises); this browser gets a fresh cookie and stays
 * in. Wrong current passwords are throttled like sign-in (429 with Retry-After).
 */
export const POST = dashboardRoute({ body: ChangePasswordInput }, async ({ request, db, account, body }) => {
  const updated = await changePassword(db, account.id, body, attachedClientIp(request) ?? "unknown");
  const response = json({ changed: true });
  response.headers.append("set-cookie", sessionSetCookie(await sessionTokenFor(updated, account.sso)));
  return response;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
