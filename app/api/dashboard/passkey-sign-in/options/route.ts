import { passkeySignInOptions } from "@/lib/accounts/passkey-sign-in";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { attachedClientIp } from "@/lib/net/client-ip";

/** Options for navigator.credentials.get() with any of this site's passkeys (sign-in with a passkey alone). */
export const POST = dashboardRoute({ signedOut: true }, async ({ request, db }) =>
  json({ options: await passkeySignInOptions(db, attachedClientIp(request) ?? "unknown") }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
