"use client";

import { browserSupportsWebAuthn, startRegistration, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { ConfirmAction } from "../ui/confirm-action";
import { Dialog } from "../ui/dialog";
import { Field, Input } from "../ui/field";
import { send } from "../ui/request";
import { toast } from "../ui/toast";
import { passkeyErrorMessage } from "./webauthn-errors";

// The account page's passkey controls: add (options from the server, the browser's prompt, the
// answer verified by the server), rename, remove. The checking is lib/accounts/passkeys.ts's.

export function AddPasskey({ label = "Add a passkey" }: { label?: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="passkey-add">
      <Button
        disabled={busy}
        onClick={async () => {
          setError(null);
          if (!browserSupportsWebAuthn()) return setError("This browser cannot use passkeys.");
          setBusy(true);
          const options = await send<{ options: PublicKeyCredentialCreationOptionsJSON }>("POST", "/api/dashboard/account/passkeys/options");
          if (!options.ok) return (setBusy(false), setError(options.error.message));
          let response;
          try {
            response = await startRegistration({ optionsJSON: options.data.options });
          } catch (failure) {
            return (setBusy(false), setError(passkeyErrorMessage(failure)));
          }
          const added = await send<{ passkey: { name: string } }>("POST", "/api/dashboard/account/passkeys", { response });
          setBusy(false);
          if (!added.ok) return setError(added.error.message);
          toast(`Passkey added: ${added.data.passkey.name}`);
          router.refresh();
        }}
      >
        {busy ? "Waiting for your device…" : label}
      </Button>
      {error ? <Alert tone="danger">{error}</Alert> : null}
    </div>
  );
}

export function RenamePasskey({ id, name }: { id: string; name: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const formId = `rename-passkey-form-${id}`;
  const close = () => (setOpen(false), setError(null));
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} aria-label={`Rename the passkey ${name}`}>
        Rename
      </Button>
      <Dialog
        id={`rename-passkey-${id}`}
        open={open}
        onClose={close}
        title="Rename passkey"
        description="A name that says where it lives, such as “Work laptop” or “Phone”."
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" form={formId} disabled={busy}>
              {busy ? "Saving…" : "Save"}
            </Button>
          </>
        }
      >
        <form
          id={formId}
          className="form-stack"
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            const value = String(new FormData(event.currentTarget).get("passkeyName") ?? "").trim();
            if (!value) return setError("Give the passkey a name.");
            setBusy(true);
            setError(null);
            const result = await send("PATCH", `/api/dashboard/account/passkeys/${encodeURIComponent(id)}`, { name: value });
            setBusy(false);
            if (!result.ok) return setError(result.error.message);
            close();
            toast("Passkey renamed");
            router.refresh();
          }}
        >
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <Field id={`passkeyName-${id}`} label="Name">
            <Input id={`passkeyName-${id}`} name="passkeyName" defaultValue={name} maxLength={60} autoComplete="off" required />
          </Field>
        </form>
      </Dialog>
    </>
  );
}

export function RemovePasskey({ id, name }: { id: string; name: string }) {
  return (
    <ConfirmAction
      id={`remove-passkey-${id}`}
      method="DELETE"
      url={`/api/dashboard/account/passkeys/${encodeURIComponent(id)}`}
      label="Remove"
      ariaLabel={`Remove the passkey ${name}`}
      title="Remove this passkey?"
      description={`“${name}” will no longer sign in to Hop. Your device keeps its copy until you delete it there.`}
      confirmLabel="Remove passkey"
      busyLabel="Removing…"
      done="Passkey removed"
      size="sm"
    />
  );
}
