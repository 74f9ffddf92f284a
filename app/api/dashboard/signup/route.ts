import { assertSignUpOpen, signUp, SignUpInput } from "@/lib/accounts/sign-up";
import { takeSignUpAttempt } from "@/lib/accounts/sign-up-throttle";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { attachedClientIp } from "@/lib/net/client-ip";

/**
 * Creates the account. Without SMTP the page then signs in through next-auth with the same
 * credentials; with SMTP (`confirmEmail`) it says "check your inbox", for a taken address too.
 */
export const POST = dashboardRoute({ body: SignUpInput, signedOut: true }, async ({ db, body, request }) => {
  await assertSignUpOpen(db);
  const attempt = await takeSignUpAttempt(attachedClientIp(request));
  if (!attempt.allowed) return json(attempt.error.toBody(), 429, { "retry-after": String(attempt.retryAfterSeconds) });
  const account = await signUp(db, body);
  return json({ id: account.id, email: account.email, plan: account.plan, confirmEmail: account.confirmEmail }, 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
