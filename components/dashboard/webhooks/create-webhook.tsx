"use client";

import { WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import { humanMessage } from "@/lib/dashboard/human-messages";
import { Alert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { SecretDialogFooter, SecretShownOnce, useSecretDialog } from "../../ui/secret-once";
import { Dialog } from "../../ui/dialog";
import { Field, Input } from "../../ui/field";
import { PlusIcon } from "../../ui/icons";
import { send } from "../../ui/request";
import { toast } from "../../ui/toast";

export const EVENT_LABELS: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  "link.created": "A link is created",
  "link.updated": "A link is changed or switched on or off",
  "link.deleted": "A link is deleted",
  "link.clicked": "A link is visited (capped per minute)",
  "link.broken": "A link's destination stops answering",
  "website.published": "A page is published",
  "contact.submitted": "A page's contact form is sent",
  "subscriber.created": "An e-mail sign-up is on a page's list",
};

/** A refused address in the server's own words when it names the address (private, unresolvable), with the operator's switch; else the usual sentence. */
export function webhookUrlMessage(error: { code?: string; message: string; field?: string }): string {
  if (/is not a public address|could not be resolved|resolves to an address that is not public/.test(error.message)) {
    const said = error.message.replace(/^url: /, "").replace(/\.?$/, ".");
    return `${said} Hop sends webhooks to public addresses only; the server's operator can allow private ones with WEBHOOK_ALLOW_PRIVATE=true.`;
  }
  return humanMessage(error, { label: "The URL" });
}

/** "New webhook" → URL and events → the signing secret, shown once with a copy button. */
export function CreateWebhook({ atLimit }: { atLimit: boolean }) {
  const { open, setOpen, busy, setBusy, error, setError, made: secret, setMade: setSecret, close } = useSecretDialog<string>();
  const fieldError = (name: string) => (error?.field?.startsWith(name) ? error.message : undefined);
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={atLimit} title={atLimit ? "Delete a webhook to add another" : undefined}>
        <PlusIcon /> New webhook
      </Button>
      <Dialog
        id="create-webhook"
        open={open}
        onClose={close}
        title={secret ? "Save the signing secret" : "New webhook"}
        description={secret ? "Verify every delivery with it (Standard Webhooks)." : "Hop POSTs each event you pick to this URL, signed, and retries when it fails."}
        footer={<SecretDialogFooter shown={secret !== null} onClose={close} formId="create-webhook-form" busy={busy} submitLabel="Add webhook" busyLabel="Adding…" />}
      >
        {secret ? (
          <SecretShownOnce value={secret} testId="webhook-secret">
            <strong>This is the only time the secret is shown.</strong> Keep it with the receiver; with it, the receiver can tell Hop&apos;s deliveries from forgeries.
          </SecretShownOnce>
        ) : (
          <form
            id="create-webhook-form"
            className="form-stack"
            noValidate
            onSubmit={async (event) => {
              event.preventDefault();
              const form = new FormData(event.currentTarget);
              setBusy(true);
              setError(null);
              const result = await send<{ data: { secret: string } }>("POST", "/api/dashboard/webhooks", { url: String(form.get("webhook-url") ?? "").trim(), events: form.getAll("webhook-events") });
              setBusy(false);
              if (!result.ok) return setError({ field: result.error.field, message: webhookUrlMessage(result.error) });
              setSecret(result.data.data.secret);
              toast("Webhook added");
            }}
          >
            {error && !fieldError("url") && !fieldError("events") ? <Alert tone="danger">{error.message}</Alert> : null}
            <Field id="webhook-url" label="Endpoint URL" hint="Where the events go: a public https:// address." error={fieldError("url")}>
              <Input id="webhook-url" type="url" placeholder="https://hooks.example.com/hop" required autoFocus hint error={fieldError("url")} />
            </Field>
            <fieldset className="webhook-events" aria-describedby={fieldError("events") ? "webhook-events-error" : undefined}>
              <legend className="field-label">Events</legend>
              {WEBHOOK_EVENTS.map((name) => (
                <label className="checkbox-row" key={name}>
                  <input type="checkbox" name="webhook-events" value={name} defaultChecked={name.startsWith("link.") && name !== "link.clicked"} />
                  <span>
                    <code>{name}</code> — {EVENT_LABELS[name]}
                  </span>
                </label>
              ))}
              {fieldError("events") ? (
                <p className="field-error" id="webhook-events-error" role="alert">
                  Pick at least one event.
                </p>
              ) : null}
            </fieldset>
          </form>
        )}
      </Dialog>
    </>
  );
}
