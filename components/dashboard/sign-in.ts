"use client";

const DATABASE_UNAVAILABLE = "Hop can't reach its database right now. Wait a moment, then try again.";
const SERVER_FAILED = "Signing in failed on our side. Try again; if it keeps happening, tell whoever runs this Hop instance.";

/**
 * next-auth's credentials sign-in, done by hand so the page can show the throttle's own 429
 * message: fetch the CSRF token, post the form, and report what happened.
 */
export type SignInResult = { ok: true } | { ok: false; message: string; needsCode?: true };

export async function signInWithPassword(email: string, password: string, code?: string): Promise<SignInResult> {
  try {
    const csrf = (await (await fetch("/api/auth/csrf", { credentials: "same-origin" })).json()) as { csrfToken: string };
    const response = await fetch("/api/auth/callback/credentials", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password, ...(code ? { code } : {}), csrfToken: csrf.csrfToken, json: "true" }),
    });
    if (response.status === 429) {
      const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
      return { ok: false, message: body.error?.message ?? "Too many sign-in attempts. Try again later." };
    }
    if (response.status >= 500) return { ok: false, message: SERVER_FAILED };
    const body = (await response.json().catch(() => ({}))) as { url?: string };
    const error = body.url ? new URL(body.url, window.location.href).searchParams.get("error") : "CredentialsSignin";
    if (response.ok && error === null) return { ok: true };
    // lib/auth/options.ts: a sign-in that failed on our side is not a wrong password.
    if (error === "DatabaseUnavailable") return { ok: false, message: DATABASE_UNAVAILABLE };
    if (error === "SignInFailed") return { ok: false, message: SERVER_FAILED };
    // lib/auth/options.ts: the password was right; the account's second step is still to come.
    if (error === "SecondFactorRequired") return { ok: false, needsCode: true, message: "Enter the code from your authenticator app." };
    if (error === "SecondFactorWrong") return { ok: false, needsCode: true, message: "The code is not correct. Check the app's current code, or use a recovery code." };
    return { ok: false, message: "The e-mail or password is not correct." };
  } catch {
    return { ok: false, message: "The server could not be reached. Check your connection and try again." };
  }
}
