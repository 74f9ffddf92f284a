import { cookies } from "next/headers";
import { endSession, sessionCookieName, sessionSetCookie } from "@/lib/auth/session";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute } from "@/lib/dashboard/route";

/**
 * Ends this browser's session on the server (its session id is revoked, so a copy of the cookie is
 * refused too) and removes the cookie; "sign out everywhere" is /api/dashboard/account/sessions.
 */
export const POST = dashboardRoute({ signedOut: true }, async () => {
  await endSession((await cookies()).get(sessionCookieName())?.value);
  const response = new Response(null, { status: 204 });
  response.headers.append("set-cookie", sessionSetCookie(""));
  return response;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
