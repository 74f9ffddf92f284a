import { decode, encode } from "next-auth/jwt";
import { findSessionAccount, type SessionAccount, type SignedInAccount } from "../accounts/credentials";
import { config } from "../config";
import { db } from "../db/open";
import { isSessionRevoked, newSessionId, revokeSession } from "./revoke-session";
import { noteSessionSeen } from "./session-seen";

// Dashboard sessions are next-auth JWTs (the Credentials provider requires them) carrying the
// account id (`sub`), the account's session version (`sv`) and a session id (`sid`). A token is
// accepted only while `sv` equals the account's current sessionVersion, so raising it ends every
// session at once, and while its `sid` is not revoked, so signing out ends that one session.
// Tokens from before session ids (no `sid`) are refused: one sign-in after the upgrade.

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

/** Who is using the session (for the account page's list): the browser's User-Agent and the client address. */
export interface SessionClient {
  userAgent: string | null;
  ip: string | null;
}

export async function accountFromSessionToken(token: string | undefined, client?: SessionClient): Promise<SessionAccount | null> {
  if (!token) return null;
  const payload = await decode({ token, secret: authSecret() }).catch(() => null);
  if (!payload?.sub || typeof payload.sv !== "number" || typeof payload.sid !== "string") return null;
  const store = await db();
  // Both in flight at once: the revocation check adds no wait to the account read.
  const [account, revoked] = await Promise.all([findSessionAccount(store, payload.sub, payload.sv), isSessionRevoked(store, payload.sid)]);
  if (revoked || !account) return null;
  // A single sign-on's session carries its provider (lib/auth/oidc-sign-in.ts); a team may require it.
  if (typeof payload.sso === "string") Object.assign(account, { sso: payload.sso });
  if (client) {
    const expiresAt = new Date(typeof payload.exp === "number" ? payload.exp * 1000 : Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
    await noteSessionSeen(store, { sid: payload.sid, accountId: account.id, sessionVersion: payload.sv, expiresAt, ...client });
  }
  return account;
}

/** The session id (`sid`) a token carries, or null: the account page marks "this browser" with it. */
export async function sessionIdOfToken(token: string | undefined): Promise<string | null> {
  if (!token) return null;
  const payload = await decode({ token, secret: authSecret() }).catch(() => null);
  return typeof payload?.sid === "string" ? payload.sid : null;
}

/** Ends the session a token names (sign-out): that token and every copy of it stop being accepted. */
export async function endSession(token: string | undefined): Promise<void> {
  if (!token) return;
  const payload = await decode({ token, secret: authSecret() }).catch(() => null);
  if (typeof payload?.sid !== "string") return;
  await revokeSession(await db(), payload.sid, new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000));
}

/** A fresh session token for the account at its current session version (after a password change). */
export function sessionTokenFor(account: SignedInAccount, sso?: string): Promise<string> {
  return encode({
    token: { sub: account.id, email: account.email, name: account.name, sv: account.sessionVersion, sid: newSessionId(), ...(sso ? { sso } : {}) },
    secret: authSecret(),
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

/** The Set-Cookie value that replaces (or, with an empty value, removes) the session cookie. */
export function sessionSetCookie(value: string, maxAgeSeconds = SESSION_MAX_AGE_SECONDS): string {
  return `${sessionCookieName()}=${value}; Path=/; Max-Age=${value ? maxAgeSeconds : 0}; HttpOnly; SameSite=Lax${useSecureCookies() ? "; Secure" : ""}`;
}
