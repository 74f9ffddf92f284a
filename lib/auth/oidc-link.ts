import { z } from "zod";
import { verifyCredentials, type SignedInAccount } from "../accounts/credentials";
import { linkIdentity } from "../accounts/linked-identities";
import { checkSignInSecondFactor } from "../accounts/two-factor";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { countOf } from "../text/plural";
import { openLinkTicket } from "./oidc-link-ticket";
import { takeSignInAttempt } from "./signin-throttle";

// The link page's form (app/login/link): a first single sign-on whose address has an account is
// linked to it only by someone who knows the account's password — and its two-factor code when it
// has one, as a password sign-in would need. Wrong passwords count against the sign-in throttle.

export const LinkSignInInput = z.strictObject({
  ticket: z.string().min(1).max(4000),
  password: z.string().min(1, "Enter the account's password.").max(200),
  code: z.string().trim().max(40).optional(),
});

export async function linkAfterPassword(db: Db, input: z.infer<typeof LinkSignInInput>, clientIp: string): Promise<{ account: SignedInAccount; provider: string }> {
  const ticket = await openLinkTicket(input.ticket);
  if (!ticket) throw new HopError("invalid_request", { field: "ticket", message: "This link request has expired. Go back to the sign-in page and sign in with your provider again." });
  const decision = await takeSignInAttempt(ticket.email, clientIp);
  if (!decision.allowed) {
    throw new HopError("too_many_attempts", { message: `Too many sign-in attempts. Try again in ${countOf(Math.ceil(decision.retryAfterSeconds / 60), "minute")}.` });
  }
  const account = await verifyCredentials(db, ticket.email, input.password);
  // The ticket names the account the address had when the provider answered: a changed address is no match.
  if (!account || account.id !== ticket.accountId) throw new HopError("invalid_request", { field: "password", message: "The password is not correct." });
  const secondFactor = await checkSignInSecondFactor(db, account.id, input.code || undefined);
  if (secondFactor === "required") {
    await decision.release();
    throw new HopError("invalid_request", { field: "code", message: "Two-factor sign-in is on for this account: enter the code from your authenticator app." });
  }
  if (secondFactor === "wrong") throw new HopError("invalid_request", { field: "code", message: "The code is not correct. Check the app's current code, or use a recovery code." });
  await linkIdentity(db, account.id, { provider: ticket.provider, subject: ticket.subject, email: ticket.email, emailVerified: true, name: ticket.name });
  await decision.release();
  return { account, provider: ticket.provider };
}
