"use client";

import { useState } from "react";
import type { CreatedKey } from "@/lib/keys/create-key";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { SecretDialogFooter, SecretShownOnce, useSecretDialog } from "../ui/secret-once";
import { Dialog } from "../ui/dialog";
import { Field, Input, Select } from "../ui/field";
import { PlusIcon } from "../ui/icons";
import { send } from "../ui/request";
import { toast } from "../ui/toast";

const ACCESS = [
  { value: "full", label: "Full — everything, including account endpoints" },
  { value: "creator", label: "Creator — create and manage links and websites" },
  { value: "viewer", label: "Viewer — read only" },
  { value: "custom", label: "Custom — the scopes you tick" },
];

export interface KeyFormOptions {
  scopes: Array<{ name: string; description: string }>;
  groups: Array<{ id: string; name: string }>;
  domains: string[];
}

/** "Create key" → name, access (a preset or ticked scopes), optional restrictions and expiry → the whole key, shown once. */
export function CreateKey({ atLimit, options }: { atLimit: boolean; options: KeyFormOptions }) {
  const { open, setOpen, busy, setBusy, error, setError, made: created, setMade: setCreated, close } = useSecretDialog<{ key: string; name: string }>();
  const [access, setAccess] = useState("full");
  const fieldError = (name: string) => (error?.field === name ? error.message : undefined);
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
              const result = await send<Pick<CreatedKey, "key" | "name">>("POST", "/api/dashboard/keys", {
                name: form.get("key-name"),
                role: access,
                ...(access === "custom" ? { scopes: form.getAll("key-scopes") } : {}),
                groupIds: form.getAll("key-groups"),
                domains: form.getAll("key-domains"),
                expiresAt: form.get("key-expires") ?? "",
              });
              setBusy(false);
              if (!result.ok) return setError(result.error);
              setCreated({ key: result.data.key, name: result.data.name });
              toast("API key created");
            }}
          >
            {error && !["name", "scopes", "expiresAt"].includes(error.field ?? "") ? <Alert tone="danger">{error.message}</Alert> : null}
            <Field id="key-name" label="Name" hint="Where it is used, e.g. “Zapier” or “Deploy script”." error={fieldError("name")}>
              <Input id="key-name" maxLength={50} required autoFocus hint error={fieldError("name")} />
            </Field>
            <Field id="key-role" label="Access">
              <Select id="key-role" value={access} onChange={(event) => setAccess(event.target.value)}>
                {ACCESS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            </Field>
            {access === "custom" ? (
              <fieldset className="webhook-events" aria-describedby={fieldError("scopes") ? "key-scopes-error" : undefined}>
                <legend className="field-label">Scopes</legend>
                {options.scopes.map((scope) => (
                  <label className="checkbox-row" key={scope.name}>
                    <input type="checkbox" name="key-scopes" value={scope.name} defaultChecked={scope.name.endsWith(":read") && scope.name !== "account:read"} />
                    <span>
                      <code>{scope.name}</code> — {scope.description}
                    </span>
                  </label>
                ))}
                {fieldError("scopes") ? (
                  <p className="field-error" id="key-scopes-error" role="alert">
                    {fieldError("scopes")}
                  </p>
                ) : null}
              </fieldset>
            ) : null}
            <details className="key-restrictions">
              <summary>Restrictions and expiry (optional)</summary>
              <p className="field-hint">A restricted key sees and changes only links in the groups and on the domains ticked here.</p>
              {options.groups.length ? (
                <fieldset className="webhook-events">
                  <legend className="field-label">Only these groups</legend>
                  {options.groups.map((group) => (
                    <label className="checkbox-row" key={group.id}>
                      <input type="checkbox" name="key-groups" value={group.id} />
                      <span>{group.name}</span>
                    </label>
                  ))}
                </fieldset>
              ) : null}
              <fieldset className="webhook-events">
                <legend className="field-label">Only these domains</legend>
                {options.domains.map((domain) => (
                  <label className="checkbox-row" key={domain}>
                    <input type="checkbox" name="key-domains" value={domain} />
                    <span>{domain}</span>
                  </label>
                ))}
              </fieldset>
              <Field id="key-expires" label="Expires after" hint="The last day the key works (UTC). Empty: never." error={fieldError("expiresAt")}>
                <Input id="key-expires" type="date" hint error={fieldError("expiresAt")} />
              </Field>
            </details>
          </form>
        )}
      </Dialog>
    </>
  );
}
