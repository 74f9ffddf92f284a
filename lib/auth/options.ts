import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { verifyCredentials } from "../accounts/credentials";
import { checkSignInSecondFactor } from "../accounts/two-factor";
import { db } from "../db/open";
import { noteDatabaseFailure } from "../db/outage";
import { errorFields, log } from "../log";
import { authLogger } from "./logger";
import { nextAuthOidcProviders } from "./oidc-providers";
import { oidcSignIn, ssoClaim } from "./oidc-sign-in";
import { isSessionRevoked, newSessionId, revokeSession } from "./revoke-session";
import { safeCallbackPath } from "./safe-callback";
import { authSecret, SESSION_MAX_AGE_SECONDS, useSecureCookies } from "./session";

/** The codes a failed (not refused) sign-in answers with, in the `error` parameter of next-auth's URL. */
export const SIGN_IN_UNAVAILABLE = "DatabaseUnavailable";
export const SIGN_IN_FAILED = "SignInFailed";
/** The password is right and the account has two-factor sign-in on: ask for a code (no session yet). */
export const SECOND_FACTOR_REQUIRED = "SecondFactorRequired";
export const SECOND_FACTOR_WRONG = "SecondFactorWrong";

/** next-auth 4: e-mail + password against the bcrypt hash the CLI and sign-up store; JWT sessions. */
export function authOptions(): AuthOptions {
  return {
    secret: authSecret(),
    logger: authLogger,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    useSecureCookies: useSecureCookies(),
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "E-mail and password",
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" }, code: { label: "Code", type: "text" } },
        async authorize(credentials) {
          const email = String(credentials?.email ?? "").slice(0, 320);
          const password = String(credentials?.password ?? "").slice(0, 200);
          const code = String(credentials?.code ?? "").slice(0, 40) || undefined;
          if (!email || !password) return null;
          let account: Awaited<ReturnType<typeof verifyCredentials>>;
          let secondFactor: Awaited<ReturnType<typeof checkSignInSecondFactor>> = "not-needed";
          try {
            account = await verifyCredentials(await db(), email, password);
            // Only a proven password learns whether a code is needed; no session is issued without it.
            if (account) secondFactor = await checkSignInSecondFactor(await db(), account.id, code);
          } catch (error) {
            // next-auth puts a thrown error's message into the URL it answers with: only a fixed
            // code leaves here (the sign-in form words it), the detail goes to the log.
            const unavailable = noteDatabaseFailure(error);
            if (!unavailable) log.error("sign-in failed", { page: "sign-in", ...errorFields(error) });
            throw new Error(unavailable ? SIGN_IN_UNAVAILABLE : SIGN_IN_FAILED, { cause: error });
          }
          if (!account) return null;
          if (secondFactor === "required") throw new Error(SECOND_FACTOR_REQUIRED);
          if (secondFactor === "wrong") throw new Error(SECOND_FACTOR_WRONG);
          return { id: account.id, email: account.email, name: account.name, sessionVersion: account.sessionVersion };
        },
      }),
      ...nextAuthOidcProviders(),
    ],
    callbacks: {
      async signIn({ user, account, profile }) {
        return account?.type === "oauth" ? oidcSignIn(user, account, profile) : true;
      },
      async jwt({ token, user, account }) {
        if (user) {
          token.sv = (user as { sessionVersion?: number }).sessionVersion ?? 0;
          token.sid = newSessionId();
          const sso = ssoClaim(account);
          if (sso) token.sso = sso;
          return token;
        }
        // next-auth re-issues the token on /api/auth/session: an ended session is not renewed
        // (a throw makes next-auth clear the cookie), so no copy of it outlives its revocation.
        if (typeof token.sid !== "string" || (await isSessionRevoked(await db(), token.sid))) throw new Error("session ended");
        return token;
      },
      // Every callback URL next-auth takes (query, form field, its cookie) passes here: a path of
      // our origin or the home page, never a throw (its default throws on a value that is no URL).
      redirect({ url, baseUrl }) {
        return `${baseUrl}${safeCallbackPath(url, baseUrl)}`;
      },
    },
    events: {
      // next-auth's own sign-out route ends the session on the server too, as /api/dashboard/signout does.
      async signOut({ token }) {
        if (typeof token?.sid === "string") await revokeSession(await db(), token.sid, new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000));
      },
    },
  };
}
