import { disableTwoFactor, enableTwoFactor, SecondFactorInput } from "@/lib/accounts/two-factor";
import { otherMethods } from "@/lib/api/methods";
import { sessionSetCookie, sessionTokenFor } from "@/lib/auth/session";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { attachedClientIp } from "@/lib/net/client-ip";

/**
 * On with the set-up's first code: answers the ten recovery codes (the only time they are shown),
 * ends every other session and gives this browser a fresh cookie. Wrong codes are throttled like sign-in.
 */
export const POST = dashboardRoute({ body: SecondFactorInput }, async ({ request, db, account, body }) => {
  const enabled = await enableTwoFactor(db, account.id, body, attachedClientIp(request) ?? "unknown");
  const response = json({ enabled: true, recoveryCodes: enabled.recoveryCodes });
  response.headers.append("set-cookie", sessionSetCookie(await sessionTokenFor(enabled.account, account.sso)));
  return response;
});

/** Off only with a current code or a recovery code. */
export const DELETE = dashboardRoute({ body: SecondFactorInput }, async ({ request, db, account, body }) =>
  json(await disableTwoFactor(db, account.id, body, attachedClientIp(request) ?? "unknown")),
);

export const { GET, PUT, PATCH, OPTIONS } = otherMethods({ POST, DELETE });
