// What the sign-in page says for the `error` code a single sign-on came back with
// (lib/auth/oidc-sign-in.ts, next-auth's own OAuth codes, the callback's provider refusal).

const MESSAGES: Record<string, string> = {
  SsoEmailUnverified: "Your provider did not confirm that this e-mail address is yours, so Hop cannot sign you in with it. Confirm the address with your provider, then try again.",
  SsoSignUpClosed: "There is no Hop account for this address and sign-up is closed on this instance. Ask its operator for an account.",
  SsoFailed: "Single sign-on did not complete: the provider did not sign you in. Try again.",
  // next-auth: the provider's answer failed a check (state, PKCE, the ID token) or could not be read.
  OAuthCallback: "Single sign-on could not be checked: the sign-in expired or was altered on the way back. Start again from this page.",
  OAuthSignin: "Single sign-on could not start: the provider could not be reached. Try again later, or sign in with your password.",
  Callback: "Single sign-on could not be checked. Start again from this page.",
  AccessDenied: "Single sign-on was refused. Start again from this page.",
  DatabaseUnavailable: "Hop can't reach its database right now. Wait a moment, then try again.",
};

/** The sentence for a code, or null for no code or one the page has no words for (password errors are the form's). */
export function ssoErrorMessage(code: string | string[] | undefined): string | null {
  if (typeof code !== "string" || !Object.hasOwn(MESSAGES, code)) return null;
  return MESSAGES[code];
}
