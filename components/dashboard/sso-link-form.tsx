"use client";

import { useState } from "react";
import "./sso.css";
import { Alert } from "../ui/alert";
import { Field, Input } from "../ui/field";
import { send } from "../ui/request";

/** The account's password (and two-factor code) that links a provider's sign-in; then this browser is signed in. */
export function SsoLinkForm({ ticket, provider, needsCode }: { ticket: string; provider: string; needsCode: boolean }) {
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [askCode, setAskCode] = useState(needsCode);
  return (
    <form
      className="form-stack"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const password = String(form.get("password") ?? "");
        const code = String(form.get("code") ?? "").trim();
        if (!password) return setError({ field: "password", message: "Enter the account's password." });
        if (askCode && !code) return setError({ field: "code", message: "Enter the code from your authenticator app, or a recovery code." });
        setBusy(true);
        setError(null);
        const result = await send<{ linked: true }>("POST", "/api/dashboard/sso-link", { ticket, password, ...(code ? { code } : {}) });
        // A full load: the new session cookie is read by the server on the next page.
        if (result.ok) return window.location.assign(new URL("/", window.location.href).href);
        setBusy(false);
        if (result.error.field === "code") setAskCode(true);
        setError(result.error);
      }}
    >
      {error && error.field !== "password" && error.field !== "code" ? <Alert tone="danger">{error.message}</Alert> : null}
      <p className="field-hint">After this, &ldquo;Sign in with {provider}&rdquo; opens this account without a password.</p>
      <Field id="password" label="Password" error={error?.field === "password" ? error.message : undefined}>
        <Input id="password" name="password" type="password" autoComplete="current-password" required autoFocus error={error?.field === "password" ? error.message : undefined} />
      </Field>
      {askCode ? (
        <Field id="code" label="Authentication code" hint="The 6-digit code from your authenticator app, or one of your recovery codes." error={error?.field === "code" ? error.message : undefined}>
          <Input id="code" name="code" inputMode="text" autoComplete="one-time-code" spellCheck={false} required hint error={error?.field === "code" ? error.message : undefined} />
        </Field>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
        {busy ? "Linking…" : `Link ${provider} and sign in`}
      </button>
    </form>
  );
}
