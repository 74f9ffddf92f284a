"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { ConfirmAction } from "../../ui/confirm-action";
import { Dialog } from "../../ui/dialog";
import { Field, Input, Select } from "../../ui/field";
import { send } from "../../ui/request";
import { toast } from "../../ui/toast";

interface WebsiteActionsProps {
  id: string;
  label: string;
  isActive: boolean;
  domains: { primary: string; others: string[] };
  readOnly: boolean;
}

/** Activate/deactivate, duplicate to a new address, delete: each through the API's own use case. */
export function WebsiteActions({ id, label, isActive, domains, readOnly }: WebsiteActionsProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<"duplicate" | null>(null);
  const [dialogError, setDialogError] = useState<{ message: string; field?: string } | null>(null);
  const safeId = id.replace(/[^A-Za-z0-9]/g, "-");
  const close = () => {
    setDialog(null);
    setDialogError(null);
  };
  const act = async (method: string, url: string, body: unknown, done: (data: { message?: string }) => string) => {
    setBusy(true);
    const result = await send<{ message?: string }>(method, url, body);
    setBusy(false);
    return result.ok ? (toast(done(result.data)), router.refresh(), null) : result.error;
  };

  return (
    <div className="row-actions">
      <Button
        variant="secondary"
        size="sm"
        disabled={busy || readOnly}
        aria-label={`${isActive ? "Deactivate" : "Activate"} ${label}`}
        onClick={async () => {
          setError(null);
          const failure = await act("PATCH", "/api/dashboard/websites/status", { id, setActive: !isActive }, () => (isActive ? "Page deactivated" : "Page activated"));
          if (failure) setError(failure.message);
        }}
      >
        {isActive ? "Deactivate" : "Activate"}
      </Button>
      <Button variant="secondary" size="sm" disabled={readOnly} aria-label={`Duplicate ${label}`} onClick={() => setDialog("duplicate")}>
        Duplicate
      </Button>
      <ConfirmAction
        id={`delete-${safeId}`}
        method="DELETE"
        url="/api/dashboard/websites"
        body={{ id }}
        label="Delete"
        ariaLabel={`Delete ${label}`}
        disabled={readOnly}
        title={`Delete ${label}?`}
        description="The page stops answering at once, and its contact submissions are deleted with it."
        confirmLabel="Delete page"
        busyLabel="Deleting…"
        done="Page deleted"
      />
      {error ? <p className="field-error" role="alert">{error}</p> : null}
      <Dialog
        id={`duplicate-${safeId}`}
        open={dialog === "duplicate"}
        onClose={close}
        title="Duplicate page"
        description={`A copy of ${label} with the same design and content, at a new address.`}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" form={`duplicate-form-${safeId}`} disabled={busy}>
              {busy ? "Duplicating…" : "Duplicate"}
            </Button>
          </>
        }
      >
        <form
          id={`duplicate-form-${safeId}`}
          className="form-stack"
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const domain = String(form.get(`duplicate-domain-${safeId}`) ?? "");
            const slug = String(form.get(`duplicate-slug-${safeId}`) ?? "").trim();
            const body = { id, domain, ...(slug ? { slug } : {}) };
            const failure = await act("POST", "/api/dashboard/websites/duplicate", body, () => "Page duplicated");
            if (failure) setDialogError(failure);
            else close();
          }}
        >
          {dialogError && dialogError.field !== "customSlug" && dialogError.field !== "customPath" ? <Alert tone="danger">{dialogError.message}</Alert> : null}
          <Field id={`duplicate-domain-${safeId}`} label="Domain">
            <Select id={`duplicate-domain-${safeId}`} defaultValue={domains.primary}>
              {[domains.primary, ...domains.others].map((domain) => (
                <option key={domain} value={domain}>
                  {domain}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            id={`duplicate-slug-${safeId}`}
            label="Slug or path"
            hint="Required on the main domain; on your own domain, empty means its root."
            error={dialogError?.field === "customSlug" || dialogError?.field === "customPath" ? dialogError.message : undefined}
          >
            <Input id={`duplicate-slug-${safeId}`} autoComplete="off" spellCheck={false} hint />
          </Field>
        </form>
      </Dialog>
    </div>
  );
}
