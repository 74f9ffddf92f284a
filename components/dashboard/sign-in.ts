"use client";

/**
 * next-auth's credentials sign-in, done by hand so the page can show the throttle's own 429
 * message: fetch the CSRF token, post the form, and report what happened.
 */
export async function signInWithPassword(email: string, password: string): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    const csrf = (await (await fetch("/api/auth/csrf", { credentials: "same-origin" })).json()) as { csrfToken: string };
    const response = await fetch("/api/auth/callback/credentials", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password, csrfToken: csrf.csrfToken, json: "true" }),
    });
    if (response.status === 429) {
      const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
      return { ok: false, message: body.error?.message ?? "Too many sign-in attempts. Try again later." };
    }
    const body = (await response.json().catch(() => ({}))) as { url?: string };
    if (response.ok && body.url && !new URL(body.url, window.location.href).searchParams.has("error")) return { ok: true };
    return { ok: false, message: "The e-mail or password is not correct." };
  } catch {
    return { ok: false, message: "The server could not be reached. Check your connection and try again." };
  }
}
