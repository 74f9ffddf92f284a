"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "../ui/alert";
import { Field, Input } from "../ui/field";
import { send } from "../ui/request";
import { signInWithPassword } from "./sign-in";

/** `callbackUrl`: a same-site path (lib/auth/safe-callback.ts) the new account lands on, e.g. an invitation link. */
export function SignupForm({ callbackUrl = "/" }: { callbackUrl?: string }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const router = useRouter();
  return (
    <form
      className="form-stack"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const input = { name: String(form.get("name") ?? ""), email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
        setBusy(true);
        setErrors({});
        setFormError(null);
        const created = await send<{ confirmEmail?: boolean }>("POST", "/api/dashboard/signup", input);
        if (!created.ok) {
          if (created.error.field) setErrors({ [created.error.field]: created.error.message });
          else setFormError(created.error.message);
          return setBusy(false);
        }
        // With SMTP the answer is the same for a taken address, so signing in here would tell the two
        // apart: "check your inbox" in both cases, and the person signs in from there.
        if (created.data?.confirmEmail) {
          return router.push(`/signup/check-inbox?${new URLSearchParams({ email: input.email.trim().toLowerCase(), callbackUrl })}`);
        }
        const signedIn = await signInWithPassword(input.email, input.password);
        window.location.assign(signedIn.ok ? callbackUrl : `/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
      }}
    >
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <Field id="name" label="Name" error={errors.name}>
        <Input id="name" autoComplete="name" error={errors.name} required autoFocus />
      </Field>
      <Field id="email" label="E-mail" error={errors.email}>
        <Input id="email" type="email" autoComplete="email" error={errors.email} required />
      </Field>
      <Field id="password" label="Password" hint="At least 8 characters." error={errors.password}>
        <Input id="password" type="password" autoComplete="new-password" error={errors.password} hint required minLength={8} />
      </Field>
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
        {busy ? "Creating account…" : "Create account"}
      </button>
    </form>
  );
}
