import { ResetPasswordInput, resetPassword } from "@/lib/accounts/password-reset";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";

/** The link's form: the new password, once per link; every session of the account ends. */
export const POST = dashboardRoute({ body: ResetPasswordInput, signedOut: true }, async ({ db, body }) => json(await resetPassword(db, body)));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
