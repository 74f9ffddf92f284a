"use client";

import type { CreatedKey } from "@/lib/keys/create-key";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { SecretDialogFooter, SecretShownOnce, useSecretDialog } from "../ui/secret-once";
import { Dialog } from "../ui/dialog";
import { Field, Input, Select } from "../ui/field";
import { PlusIcon } from "../ui/icons";
import { send } from "../ui/request";
import { toast } from "../ui/toast";

const ROLES = [
  { value: "full", label: "Full — everything, including account endpoints" },
  { value: "creator", label: "Creator — create and manage links and pages" },
  { value: "viewer", label: "Viewer — read only" },
];

/** "Create key" → name and role → the whole key, shown once with a copy button and a warning. */
export function CreateKey({ atLimit }: { atLimit: boolean }) {
  const { open, setOpen, busy, setBusy, error, setError, made: created, setMade: setCreated, close } = useSecretDialog<{ key: string; name: string }>();
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={atLimit} title={atLimit ? "Revoke a key to create another" : undefined}>
        <PlusIcon /> Create key
      </Button>
      <Dialog
        id="create-key"
        open={open}
        onClose={close}
        title={created ? "Save your API key" : "Create an API key"}
        description={created ? `“${created.name}” is ready.` : "Keys act on your account through the API. Pick the least access that works."}
        footer={<SecretDialogFooter shown={created !== null} onClose={close} formId="create-key-form" busy={busy} submitLabel="Create key" busyLabel="Creating…" />}
      >
        {created ? (
          <SecretShownOnce value={created.key} testId="new-key">
            <strong>This is the only time the key is shown.</strong> Copy it now and keep it somewhere safe: Hop stores only a hash and cannot show it again.
          </SecretShownOnce>
        ) : (
          <form
            id="create-key-form"
            className="form-stack"
            noValidate
            onSubmit={async (event) => {
              event.preventDefault();
              const form = new FormData(event.currentTarget);
              setBusy(true);
              setError(null);
              const result = await send<Pick<CreatedKey, "key" | "name">>("POST", "/api/dashboard/keys", { name: form.get("key-name"), role: form.get("key-role") });
              setBusy(false);
              if (!result.ok) return setError(result.error);
              setCreated({ key: result.data.key, name: result.data.name });
              toast("API key created");
            }}
          >
            {error && error.field !== "name" ? <Alert tone="danger">{error.message}</Alert> : null}
            <Field id="key-name" label="Name" hint="Where it is used, e.g. “Zapier” or “Deploy script”." error={error?.field === "name" ? error.message : undefined}>
              <Input id="key-name" maxLength={50} required autoFocus hint error={error?.field === "name" ? error.message : undefined} />
            </Field>
            <Field id="key-role" label="Role">
              <Select id="key-role" defaultValue="full">
                {ROLES.map((role) => (
                  <option key={role.value} value={role.value}>
                    {role.label}
                  </option>
                ))}
              </Select>
            </Field>
          </form>
        )}
      </Dialog>
    </>
  );
}
