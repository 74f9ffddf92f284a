import { decode, encode } from "next-auth/jwt";
import { findSessionAccount, type SessionAccount, type SignedInAccount } from "../accounts/credentials";
import { config } from "../config";
import { db } from "../db/open";

// Dashboard sessions are next-auth JWTs (the Credentials provider requires them) carrying the
// account id (`sub`) and the account's session version (`sv`). A token is accepted only while
// `sv` equals the account's current sessionVersion, so raising it ends every session at once.

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function authSecret(): string {
  const secret = process.env.AUTH_SECRET ?? config().authSecret;
  if (!secret) throw new Error("AUTH_SECRET is not set (server.ts sets it on start)");
  return secret;
}

export function useSecureCookies(): boolean {
  return config().appUrl.startsWith("https://");
}

/** next-auth's own cookie name for the session token, with the same secure prefix rule. */
export function sessionCookieName(): string {
  return `${useSecureCookies() ? "__Secure-" : ""}next-auth.session-token`;
}

export async function accountFromSessionToken(token: string | undefined): Promise<SessionAccount | null> {
  if (!token) return null;
  const payload = await decode({ token, secret: authSecret() }).catch(() => null);
  if (!payload?.sub || typeof payload.sv !== "number") return null;
  return findSessionAccount(await db(), payload.sub, payload.sv);
}

/** A fresh session token for the account at its current session version (after a password change). */
export function sessionTokenFor(account: SignedInAccount): Promise<string> {
  return encode({
    token: { sub: account.id, email: account.email, name: account.name, sv: account.sessionVersion },
    secret: authSecret(),
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

/** The Set-Cookie value that replaces (or, with an empty value, removes) the session cookie. */
export function sessionSetCookie(value: string, maxAgeSeconds = SESSION_MAX_AGE_SECONDS): string {
  return `${sessionCookieName()}=${value}; Path=/; Max-Age=${value ? maxAgeSeconds : 0}; HttpOnly; SameSite=Lax${useSecureCookies() ? "; Secure" : ""}`;
}
