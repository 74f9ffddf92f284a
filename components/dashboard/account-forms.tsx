"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, Input } from "../ui/field";
import { send } from "../ui/request";
import { toast } from "../ui/toast";

type FieldErrors = Record<string, string>;

function useFormErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  return {
    errors,
    formError,
    clear: () => (setErrors({}), setFormError(null)),
    show: (error: { message: string; field?: string }) => (error.field ? setErrors({ [error.field]: error.message }) : setFormError(error.message)),
  };
}

export function ProfileForm({ name, email }: { name: string; email: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  // A new e-mail is a new sign-in name: it needs the current password, asked for only then.
  const [newEmail, setNewEmail] = useState(email);
  const changingEmail = newEmail.trim().toLowerCase() !== email;
  const state = useFormErrors();
  return (
    <form
      className="form-stack"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const formElement = event.currentTarget;
        const form = new FormData(formElement);
        setBusy(true);
        state.clear();
        const body = { name: form.get("name"), email: form.get("email"), ...(changingEmail ? { currentPassword: form.get("profileCurrentPassword") } : {}) };
        const result = await send<{ pendingEmail: string | null }>("PATCH", "/api/dashboard/account", body);
        setBusy(false);
        if (!result.ok) return state.show(result.error.field === "currentPassword" ? { ...result.error, field: "profileCurrentPassword" } : result.error);
        // With SMTP a new address changes only once its link is opened (the page then shows it as waiting).
        toast(result.data?.pendingEmail ? `Check ${result.data.pendingEmail}: your e-mail changes when you open the link we sent there.` : "Profile saved");
        router.refresh();
      }}
    >
      {state.formError ? <Alert tone="danger">{state.formError}</Alert> : null}
      <Field id="name" label="Name" error={state.errors.name}>
        <Input id="name" defaultValue={name} autoComplete="name" error={state.errors.name} />
      </Field>
      <Field id="email" label="E-mail" hint="You sign in with it." error={state.errors.email}>
        <Input id="email" type="email" defaultValue={email} autoComplete="email" error={state.errors.email} hint onChange={(event) => setNewEmail(event.currentTarget.value)} />
      </Field>
      {changingEmail ? (
        <Field id="profileCurrentPassword" label="Current password" hint="Needed to change your e-mail." error={state.errors.profileCurrentPassword}>
          <Input id="profileCurrentPassword" type="password" autoComplete="current-password" error={state.errors.profileCurrentPassword} hint />
        </Field>
      ) : null}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save profile"}
        </Button>
      </div>
    </form>
  );
}

export function PasswordForm() {
  const [busy, setBusy] = useState(false);
  const state = useFormErrors();
  return (
    <form
      className="form-stack"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const formElement = event.currentTarget;
        const form = new FormData(formElement);
        setBusy(true);
        state.clear();
        const result = await send("POST", "/api/dashboard/account/password", { currentPassword: form.get("currentPassword"), newPassword: form.get("newPassword") });
        setBusy(false);
        if (!result.ok) return state.show(result.error);
        formElement.reset();
        toast("Password changed. Other sessions were signed out.");
      }}
    >
      {state.formError ? <Alert tone="danger">{state.formError}</Alert> : null}
      <Field id="currentPassword" label="Current password" error={state.errors.currentPassword}>
        <Input id="currentPassword" type="password" autoComplete="current-password" error={state.errors.currentPassword} />
      </Field>
      <Field id="newPassword" label="New password" hint="At least 8 characters. Every other session is signed out." error={state.errors.newPassword}>
        <Input id="newPassword" type="password" autoComplete="new-password" error={state.errors.newPassword} hint />
      </Field>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Changing…" : "Change password"}
        </Button>
      </div>
    </form>
  );
}

export function SignOutEverywhere() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button variant="danger-outline" onClick={() => setOpen(true)}>
        Sign out everywhere
      </Button>
      <Dialog
        id="sign-out-everywhere"
        open={open}
        onClose={() => setOpen(false)}
        title="Sign out everywhere?"
        description="Every browser signed in to this account is signed out at once, this one included. API keys keep working."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                const result = await send("DELETE", "/api/dashboard/account/sessions");
                if (!result.ok) {
                  setBusy(false);
                  return setError(result.error.message);
                }
                // A full load, not a client navigation: no signed-in page stays in the router's cache or history.
                window.location.replace("/login");
              }}
            >
              Sign out everywhere
            </Button>
          </>
        }
      >
        {error ? <Alert tone="danger">{error}</Alert> : null}
      </Dialog>
    </>
  );
}
