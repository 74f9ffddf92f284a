"use client";

import Link from "next/link";
import { useRef, useState } from "react";
import { Alert } from "../ui/alert";
import { Field, Input } from "../ui/field";
import { send } from "../ui/request";

/** "Forgot password": the e-mail; the answer never says whether an account uses it. */
export function ForgotPasswordForm() {
  const [state, setState] = useState<{ kind: "idle" | "busy" } | { kind: "sent"; email: string } | { kind: "error"; message: string; field?: string }>({ kind: "idle" });
  const input = useRef<HTMLInputElement>(null);
  if (state.kind === "sent") {
    return (
      <div className="form-stack" data-testid="reset-sent">
        <Alert tone="info">
          If an account uses <strong>{state.email}</strong>, a link to choose a new password is on its way. It works once, for one hour. Check the spam folder too.
        </Alert>
        <Link href="/login" className="btn btn-secondary btn-block">
          Back to sign in
        </Link>
      </div>
    );
  }
  const fieldError = state.kind === "error" && state.field === "email" ? state.message : undefined;
  return (
    <form
      className="form-stack"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
        if (!email) {
          setState({ kind: "error", message: "Enter the e-mail you sign in with.", field: "email" });
          return input.current?.focus();
        }
        setState({ kind: "busy" });
        const result = await send("POST", "/api/dashboard/password-reset", { email });
        if (result.ok) return setState({ kind: "sent", email });
        setState({ kind: "error", message: result.error.message, field: result.error.field });
        if (result.error.field === "email") input.current?.focus();
      }}
    >
      {state.kind === "error" && !fieldError ? <Alert tone="danger">{state.message}</Alert> : null}
      <Field id="email" label="E-mail" error={fieldError}>
        <Input ref={input} id="email" type="email" autoComplete="email" required autoFocus error={fieldError} />
      </Field>
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={state.kind === "busy"}>
        {state.kind === "busy" ? "Sending…" : "Send me a reset link"}
      </button>
    </form>
  );
}

/** The link's page: a new password, twice; then sign in with it. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const password = useRef<HTMLInputElement>(null);
  const confirm = useRef<HTMLInputElement>(null);
  if (done !== null) {
    return (
      <div className="form-stack" data-testid="reset-done">
        <Alert tone="info">Your password is changed, and every other session is signed out.</Alert>
        <Link href="/login" className="btn btn-primary btn-block btn-lg">
          Sign in with the new password
        </Link>
      </div>
    );
  }
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);
  return (
    <form
      className="form-stack"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const chosen = String(form.get("password") ?? "");
        if (chosen.length < 8) {
          setError({ field: "password", message: "Use at least 8 characters." });
          return password.current?.focus();
        }
        if (chosen !== String(form.get("confirm") ?? "")) {
          setError({ field: "confirm", message: "The two passwords are not the same." });
          return confirm.current?.focus();
        }
        setBusy(true);
        setError(null);
        const result = await send<{ email: string }>("POST", "/api/dashboard/password-reset/complete", { token, password: chosen });
        setBusy(false);
        if (result.ok) return setDone(result.data.email);
        setError({ message: result.error.message, field: result.error.field });
        if (result.error.field === "password") password.current?.focus();
      }}
    >
      {error && !error.field ? <Alert tone="danger">{error.message}</Alert> : null}
      <Field id="password" label="New password" hint="At least 8 characters." error={fieldError("password")}>
        <Input ref={password} id="password" type="password" autoComplete="new-password" required autoFocus hint error={fieldError("password")} />
      </Field>
      <Field id="confirm" label="New password, again" error={fieldError("confirm")}>
        <Input ref={confirm} id="confirm" type="password" autoComplete="new-password" required error={fieldError("confirm")} />
      </Field>
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
        {busy ? "Saving…" : "Set the new password"}
      </button>
    </form>
  );
}
