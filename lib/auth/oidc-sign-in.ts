import type { Account, Profile, User } from "next-auth";
import { resolveSsoSignIn } from "../accounts/linked-identities";
import { config } from "../config";
import { db } from "../db/open";
import { noteDatabaseFailure } from "../db/outage";
import { errorFields, log } from "../log";
import { sealLinkTicket } from "./oidc-link-ticket";
import type { OidcClaims } from "./oidc-providers";

// next-auth's sign-in callback for an OpenID Connect provider (lib/auth/oidc-providers.ts): the
// provider's person becomes a Hop account by lib/accounts/linked-identities.ts's rules. A refusal
// goes back to the sign-in page with a code it words (components/dashboard/sso-buttons.tsx).
// Two-factor: a single sign-on does not ask for the account's TOTP code; the provider is the
// one that checks the person, with its own second factor (docs/decisions/051).

export const SSO_EMAIL_UNVERIFIED = "SsoEmailUnverified";
export const SSO_SIGNUP_CLOSED = "SsoSignUpClosed";
export const SSO_FAILED = "SsoFailed";

/**
 * `true` to sign in (with `user` now naming the Hop account), or where to send the browser instead:
 * a path of this origin (next-auth puts it in Location as it is; without APP_URL the app's own
 * address is whatever the browser used, as for next-auth's other redirects).
 */
export async function oidcSignIn(user: User, account: Account, profile: Profile | undefined): Promise<true | string> {
  const claims = (profile ?? {}) as OidcClaims;
  try {
    const outcome = await resolveSsoSignIn(
      await db(),
      {
        provider: account.provider,
        subject: String(claims.sub ?? account.providerAccountId),
        email: typeof claims.email === "string" ? claims.email : null,
        // Some providers send the claim as a string.
        emailVerified: claims.email_verified === true || claims.email_verified === "true",
        name: typeof user.name === "string" ? user.name : null,
      },
      { signup: config().signup, linkExisting: config().oidcLinkExisting, defaultPlan: config().defaultPlan },
    );
    if (outcome.kind === "refused") return `/login?error=${outcome.reason === "email-unverified" ? SSO_EMAIL_UNVERIFIED : SSO_SIGNUP_CLOSED}`;
    if (outcome.kind === "needs-password") {
      const ticket = await sealLinkTicket({ accountId: outcome.accountId, provider: account.provider, subject: String(claims.sub), email: outcome.email, name: user.name ?? null });
      return `/login/link?ticket=${encodeURIComponent(ticket)}`;
    }
    // next-auth hands this same object to the jwt callback: the session names the Hop account.
    Object.assign(user, { id: outcome.account.id, email: outcome.account.email, name: outcome.account.name, sessionVersion: outcome.account.sessionVersion });
    return true;
  } catch (error) {
    if (!noteDatabaseFailure(error)) log.error("single sign-on failed", { page: "sign-in", provider: account.provider, ...errorFields(error) });
    return `/login?error=${SSO_FAILED}`;
  }
}

/** The session's mark of a single sign-on: the provider's id (lib/dashboard/workspace-choice.ts reads it). */
export function ssoClaim(account: Account | null | undefined): string | undefined {
  return account?.type === "oauth" ? account.provider : undefined;
}
