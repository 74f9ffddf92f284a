"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { CreatedKey } from "@/lib/keys/create-key";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { CopyButton } from "../ui/copy-button";
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
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const close = () => {
    setOpen(false);
    setError(null);
    if (created) {
      setCreated(null);
      router.refresh();
    }
  };
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
        footer={
          created ? (
            <Button onClick={close}>Done</Button>
          ) : (
            <>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" form="create-key-form" disabled={busy}>
                {busy ? "Creating…" : "Create key"}
              </Button>
            </>
          )
        }
      >
        {created ? (
          <>
            <div className="secret">
              <code data-testid="new-key">{created.key}</code>
              <CopyButton value={created.key} />
            </div>
            <Alert tone="warning">
              <strong>This is the only time the key is shown.</strong> Copy it now and keep it somewhere safe: Hop stores only a hash and cannot show it again.
            </Alert>
          </>
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
