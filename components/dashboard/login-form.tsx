"use client";

import Link from "next/link";
import { Fragment, useEffect, useRef, useState } from "react";
import { Alert } from "../ui/alert";
import { Field, Input } from "../ui/field";
import { signInWithPassword } from "./sign-in";
import { PasskeySecondFactor, PasskeySignIn } from "../account/passkey-sign-in";

/**
 * E-mail and password, then — for an account with two-factor sign-in on — a code. The second step
 * posts the password again with the code: the server issues no session before both are right.
 */
export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<{ email: string; password: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The code field replaces the password's: focus moves to it (and back to the e-mail on "Use another account").
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>(step ? "#code" : "#email")?.focus();
  }, [step]);
  return (
    <form
      ref={formRef}
      className="form-stack"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const email = step?.email ?? String(form.get("email") ?? "").trim();
        const password = step?.password ?? String(form.get("password") ?? "");
        const code = step ? String(form.get("code") ?? "").trim() : undefined;
        if (!email || !password) return setError("Enter your e-mail and password.");
        if (step && !code) return setError("Enter the code from your authenticator app, or a recovery code.");
        setBusy(true);
        setError(null);
        const result = await signInWithPassword(email, password, code);
        if (result.ok) return window.location.assign(callbackUrl);
        setBusy(false);
        if (result.needsCode && !step) return setStep({ email, password });
        setError(result.message);
      }}
    >
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {/* Keyed: React must not reuse the password's input for the code (it would show the password). */}
      {step ? (
        <Fragment key="code-step">
          <p className="field-hint">Two-factor sign-in is on for {step.email}.</p>
          <Field id="code" label="Authentication code" hint="The 6-digit code from your authenticator app, or one of your recovery codes.">
            <Input id="code" name="code" inputMode="text" autoComplete="one-time-code" spellCheck={false} required hint />
          </Field>
          <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
            {busy ? "Checking…" : "Verify and sign in"}
          </button>
          <PasskeySecondFactor email={step.email} password={step.password} callbackUrl={callbackUrl} />
          <p className="auth-aside">
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => (setStep(null), setError(null))}>
              Use another account
            </button>
          </p>
        </Fragment>
      ) : (
        <Fragment key="password-step">
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
          <PasskeySignIn callbackUrl={callbackUrl} />
        </Fragment>
      )}
    </form>
  );
}
