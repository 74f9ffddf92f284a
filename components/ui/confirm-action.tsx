"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { send } from "./request";
import { toast } from "./toast";

// A button that asks before it changes something: the dialog sends one request, shows the use
// case's own error in place, or closes with a toast and refreshes the page's data (or, when the
// page itself is gone, goes to `then`).
export function ConfirmAction(props: {
  id: string;
  method: "POST" | "DELETE";
  url: string;
  label: string;
  ariaLabel?: string;
  title: string;
  description: string;
  confirmLabel?: string;
  busyLabel?: string;
  done: string;
  variant?: "danger-outline" | "secondary";
  size?: "sm" | "md";
  then?: string;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmLabel = props.confirmLabel ?? props.label;
  return (
    <>
      <Button variant={props.variant ?? "danger-outline"} size={props.size ?? "sm"} onClick={() => setOpen(true)} aria-label={props.ariaLabel}>
        {props.label}
      </Button>
      <Dialog
        id={props.id}
        open={open}
        onClose={() => setOpen(false)}
        title={props.title}
        description={props.description}
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
                const result = await send(props.method, props.url);
                setBusy(false);
                if (!result.ok) return setError(result.error.message);
                setOpen(false);
                toast(props.done);
                if (props.then) router.push(props.then);
                router.refresh();
              }}
            >
              {busy && props.busyLabel ? props.busyLabel : confirmLabel}
            </Button>
          </>
        }
      >
        {error ? <Alert tone="danger">{error}</Alert> : null}
      </Dialog>
    </>
  );
}
