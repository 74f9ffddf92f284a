"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import { CopyButton } from "./copy-button";

// A dialog that makes something secret (an API key, a webhook's signing secret) and shows it once:
// its footer (Cancel and the submit button, then only Done) and the secret with a copy button and
// the warning that it will not be shown again.

/** The dialog's state: open, sending, the refusal, and what was made (closing after it refreshes the page). */
export function useSecretDialog<T>() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [made, setMade] = useState<T | null>(null);
  const close = () => {
    setOpen(false);
    setError(null);
    if (made) {
      setMade(null);
      router.refresh();
    }
  };
  return { open, setOpen, busy, setBusy, error, setError, made, setMade, close };
}

export function SecretDialogFooter({ shown, onClose, formId, busy, submitLabel, busyLabel, doneLabel = "Done", ready = true }: {
  shown: boolean; onClose: () => void; formId: string; busy: boolean; submitLabel: string; busyLabel: string; doneLabel?: string; ready?: boolean;
}) {
  if (shown) return <Button onClick={onClose}>{doneLabel}</Button>;
  return (
    <>
      <Button variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={busy || !ready}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </>
  );
}

export function SecretShownOnce({ value, testId, children }: { value: string; testId: string; children: ReactNode }) {
  return (
    <>
      <div className="secret">
        <code data-testid={testId}>{value}</code>
        <CopyButton value={value} />
      </div>
      <Alert tone="warning">{children}</Alert>
    </>
  );
}
