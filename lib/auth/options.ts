import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { verifyCredentials } from "../accounts/credentials";
import { db } from "../db/open";
import { authSecret, SESSION_MAX_AGE_SECONDS, useSecureCookies } from "./session";

/** next-auth 4: e-mail + password against the bcrypt hash the CLI and sign-up store; JWT sessions. */
export function authOptions(): AuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    useSecureCookies: useSecureCookies(),
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "E-mail and password",
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials) {
          const email = String(credentials?.email ?? "").slice(0, 320);
          const password = String(credentials?.password ?? "").slice(0, 200);
          if (!email || !password) return null;
          const account = await verifyCredentials(await db(), email, password);
          if (!account) return null;
          return { id: account.id, email: account.email, name: account.name, sessionVersion: account.sessionVersion };
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) token.sv = (user as { sessionVersion?: number }).sessionVersion ?? 0;
        return token;
      },
    },
  };
}
