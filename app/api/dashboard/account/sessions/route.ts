import { listSessions } from "@/lib/accounts/account-sessions";
import { endAllSessions } from "@/lib/accounts/manage-profile";
import { otherMethods } from "@/lib/api/methods";
import { sessionCookieName, sessionIdOfToken, sessionSetCookie } from "@/lib/auth/session";
import { cookieValue, dashboardRoute, json } from "@/lib/dashboard/route";

/** The account's sessions: device, address, first and last seen; `current` marks this browser's. */
export const GET = dashboardRoute({}, async ({ request, db, account }) => {
  const current = await sessionIdOfToken(cookieValue(request, sessionCookieName()));
  return json({ sessions: await listSessions(db, account, current) });
});

/** Sign out everywhere, this browser included. */
export const DELETE = dashboardRoute({}, async ({ db, account }) => {
  await endAllSessions(db, account.id);
  const response = new Response(null, { status: 204 });
  response.headers.append("set-cookie", sessionSetCookie(""));
  return response;
});

export const { POST, PUT, PATCH, OPTIONS } = otherMethods({ GET, DELETE });
