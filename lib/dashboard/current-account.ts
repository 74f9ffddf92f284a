import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import type { SessionAccount } from "../accounts/credentials";
import { accountFromSessionToken, sessionCookieName } from "../auth/session";
import { peerIpOfForwardedRequest } from "../net/client-ip";
import { pageRead } from "./page-failure";

/** The signed-in account of this page request, or null (no cookie, bad token, or an ended session). */
export async function currentAccount(): Promise<SessionAccount | null> {
  const jar = await cookies();
  const head = await headers();
  const client = { userAgent: head.get("user-agent"), ip: peerIpOfForwardedRequest(head) ?? null };
  // Every signed-in page asks this first, so an outage shows as one here (page-failure.ts).
  return pageRead("session", () => accountFromSessionToken(jar.get(sessionCookieName())?.value, client));
}

/** The page's account; a signed-out visitor goes to /login and comes back here afterwards. */
export async function requireAccount(): Promise<SessionAccount> {
  const account = await currentAccount();
  if (account) return account;
  const path = (await headers()).get("x-hop-path") ?? "/";
  redirect(`/login?callbackUrl=${encodeURIComponent(path)}`);
}
