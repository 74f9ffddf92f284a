import { otherMethods } from "@/lib/api/methods";
import { sessionSetCookie } from "@/lib/auth/session";
import { dashboardRoute } from "@/lib/dashboard/route";

/** Ends this browser's session (the cookie); "sign out everywhere" is /api/dashboard/account/sessions. */
export const POST = dashboardRoute({ signedOut: true }, async () => {
  const response = new Response(null, { status: 204 });
  response.headers.append("set-cookie", sessionSetCookie(""));
  return response;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
