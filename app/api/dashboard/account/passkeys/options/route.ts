import { passkeyRegistrationOptions } from "@/lib/accounts/passkeys";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";

/** Registration options for navigator.credentials.create(); the challenge is good once, for five minutes. */
export const POST = dashboardRoute({}, async ({ db, account }) => json({ options: await passkeyRegistrationOptions(db, account) }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
