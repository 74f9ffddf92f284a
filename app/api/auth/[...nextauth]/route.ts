import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { otherMethods } from "@/lib/api/methods";
import { CLIENT_IP_HEADER } from "@/lib/net/client-ip";
import { authOptions } from "@/lib/auth/options";
import { sessionCookieName } from "@/lib/auth/session";
import { takeSignInAttempt } from "@/lib/auth/signin-throttle";
import { json } from "@/lib/dashboard/route";

type Context = { params: Promise<{ nextauth: string[] }> };

export async function GET(request: NextRequest, context: Context) {
  return NextAuth(request, context, authOptions());
}

export async function POST(request: NextRequest, context: Context) {
  const [action, provider] = (await context.params).nextauth ?? [];
  if (action === "callback" && provider === "credentials") return throttledSignIn(request, context);
  return NextAuth(request, context, authOptions());
}

/** The credentials sign-in behind the per-e-mail and per-IP budgets; a 429 says when to retry. */
async function throttledSignIn(request: NextRequest, context: Context): Promise<Response> {
  const form = new URLSearchParams(await request.clone().text().catch(() => ""));
  const email = (form.get("email") ?? "").trim().toLowerCase().slice(0, 320);
  const decision = await takeSignInAttempt(email, request.headers.get(CLIENT_IP_HEADER) ?? "unknown");
  if (!decision.allowed) {
    const minutes = Math.ceil(decision.retryAfterSeconds / 60);
    const message = `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
    return json({ error: { code: "too_many_attempts", message, retryAfter: decision.retryAfterSeconds } }, 429, {
      "retry-after": String(decision.retryAfterSeconds),
    });
  }
  const response: Response = await NextAuth(request, context, authOptions());
  const signedIn = response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${sessionCookieName()}=`));
  if (signedIn) await decision.release();
  return response;
}

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
