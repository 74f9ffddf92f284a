import { decode, encode } from "next-auth/jwt";
import { authSecret } from "./session";

// A first single sign-on whose address has an account (and OIDC_LINK_EXISTING=password) leaves
// the provider's callback for /login/link with this ticket: what the provider proved, sealed
// (next-auth's JWE, keyed from AUTH_SECRET) so that the page cannot be handed another sub or
// address, and short-lived. The link needs the account's password besides.

const TICKET_SECONDS = 10 * 60;
const KIND = "hop-sso-link";

export interface LinkTicket {
  accountId: string;
  provider: string;
  subject: string;
  email: string;
  name: string | null;
}

export function sealLinkTicket(ticket: LinkTicket): Promise<string> {
  return encode({ token: { kind: KIND, ...ticket }, secret: authSecret(), maxAge: TICKET_SECONDS });
}

/** The ticket, or null when it is not one of ours, altered, or expired. */
export async function openLinkTicket(sealed: string | undefined | null): Promise<LinkTicket | null> {
  if (!sealed || sealed.length > 4000) return null;
  const payload = await decode({ token: sealed, secret: authSecret() }).catch(() => null);
  if (!payload || payload.kind !== KIND) return null;
  const { accountId, provider, subject, email, name } = payload as Record<string, unknown>;
  if (typeof accountId !== "string" || typeof provider !== "string" || typeof subject !== "string" || typeof email !== "string") return null;
  return { accountId, provider, subject, email, name: typeof name === "string" ? name : null };
}
