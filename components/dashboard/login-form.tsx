"use client";

import Link from "next/link";
import { useState } from "react";
import { Alert } from "../ui/alert";
import { Field, Input } from "../ui/field";
import { signInWithPassword } from "./sign-in";

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="form-stack"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const email = String(form.get("email") ?? "").trim();
        const password = String(form.get("password") ?? "");
        if (!email || !password) return setError("Enter your e-mail and password.");
        setBusy(true);
        setError(null);
        const result = await signInWithPassword(email, password);
        if (result.ok) return window.location.assign(callbackUrl);
        setError(result.message);
        setBusy(false);
      }}
    >
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <Field id="email" label="E-mail">
        <Input id="email" type="email" autoComplete="email" required autoFocus />
      </Field>
      <Field id="password" label="Password">
        <Input id="password" type="password" autoComplete="current-password" required />
      </Field>
      <p className="auth-aside">
        <Link href="/forgot-password">Forgot your password?</Link>
      </p>
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
        {busy ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
