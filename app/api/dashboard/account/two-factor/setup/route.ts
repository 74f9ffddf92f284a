import { startTwoFactorSetup } from "@/lib/accounts/two-factor";
import { otherMethods } from "@/lib/api/methods";
import { config } from "@/lib/config";
import { dashboardRoute, json } from "@/lib/dashboard/route";

/** A new secret to scan (QR code and text); two-factor sign-in turns on only with its first code. */
export const POST = dashboardRoute({}, async ({ db, account }) =>
  json(await startTwoFactorSetup(db, account.id, `Hop ${new URL(config().appUrl).host}`)),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
