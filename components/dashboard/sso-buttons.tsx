"use client";

import { useState } from "react";
import "./sso.css";
import { Alert } from "../ui/alert";

/**
 * "Sign in with <provider>": next-auth's sign-in start, done by hand (as the password's is) so the
 * page stays ours on failure: the CSRF token, then POST /api/auth/signin/<id>, whose answer is the
 * provider's authorization URL (state and PKCE verifier kept in cookies for the return).
 */
export function SsoButtons({ providers, callbackUrl }: { providers: { id: string; name: string }[]; callbackUrl: string }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <div>
      <p className="sso-divider">or</p>
      <div className="sso-buttons">
        {failure ? <Alert tone="danger">{failure}</Alert> : null}
        {providers.map((provider) => (
          <button
            key={provider.id}
            type="button"
            className="btn btn-secondary btn-block btn-lg"
            disabled={busy !== null}
            onClick={async () => {
              setBusy(provider.id);
              setFailure(null);
              try {
                const csrf = (await (await fetch("/api/auth/csrf", { credentials: "same-origin" })).json()) as { csrfToken: string };
                const response = await fetch(`/api/auth/signin/${encodeURIComponent(provider.id)}`, {
                  method: "POST",
                  credentials: "same-origin",
                  headers: { "content-type": "application/x-www-form-urlencoded" },
                  body: new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl, json: "true" }),
                });
                const body = (await response.json().catch(() => ({}))) as { url?: string };
                const target = body.url ? new URL(body.url, window.location.href) : null;
                if (response.ok && target && !target.searchParams.has("error")) return window.location.assign(target.href);
                setFailure(`${provider.name} could not be reached. Try again later, or sign in with your password.`);
              } catch {
                setFailure("The server could not be reached. Check your connection and try again.");
              }
              setBusy(null);
            }}
          >
            {busy === provider.id ? `Opening ${provider.name}…` : `Sign in with ${provider.name}`}
          </button>
        ))}
      </div>
    </div>
  );
}
