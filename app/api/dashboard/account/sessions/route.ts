import { endAllSessions } from "@/lib/accounts/manage-profile";
import { otherMethods } from "@/lib/api/methods";
import { sessionSetCookie } from "@/lib/auth/session";
import { dashboardRoute } from "@/lib/dashboard/route";

/** Sign out everywhere, this browser included. */
export const DELETE = dashboardRoute({}, async ({ db, account }) => {
  await endAllSessions(db, account.id);
  const response = new Response(null, { status: 204 });
  response.headers.append("set-cookie", sessionSetCookie(""));
  return response;
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
