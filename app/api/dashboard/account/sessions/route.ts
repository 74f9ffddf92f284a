import { endAllSessions } from "@/lib/accounts/manage-profile";
import { sessionSetCookie } from "@/lib/auth/session";
import { dashboardRoute } from "@/lib/dashboard/route";

/** Sign out everywhere, this browser included. */
export const DELETE = dashboardRoute({}, async ({ db, account }) => {
  await endAllSessions(db, account.id);
  const response = new Response(null, { status: 204 });
  response.headers.append("set-cookie", sessionSetCookie(""));
  return response;
});
