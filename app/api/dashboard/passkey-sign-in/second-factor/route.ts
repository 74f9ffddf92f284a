import { passkeySecondFactorOptions, PasskeySecondFactorInput } from "@/lib/accounts/passkey-sign-in";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { attachedClientIp } from "@/lib/net/client-ip";

/** The second step with a passkey instead of a code: the password again, then options for that account's passkeys. */
export const POST = dashboardRoute({ body: PasskeySecondFactorInput, signedOut: true }, async ({ request, db, body }) =>
  json({ options: await passkeySecondFactorOptions(db, body, attachedClientIp(request) ?? "unknown") }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
