"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { send } from "./request";
import { toast } from "./toast";

// A button that asks before it changes something: the dialog sends one request, shows the use
// case's own error in place, or closes with a toast (a fixed text, or one made from the answer,
// e.g. how many links were ungrouped) and refreshes the page's data (or, when the page itself is
// gone, goes to `then`).
export function ConfirmAction<TAnswer = unknown>(props: {
  id: string;
  method: "POST" | "DELETE";
  url: string;
  /** A JSON body, for routes that name their item in the body rather than the path. */
  body?: unknown;
  label: string;
  ariaLabel?: string;
  title: string;
  description: string;
  confirmLabel?: string;
  busyLabel?: string;
  done: string | ((answer: TAnswer) => string);
  variant?: "danger-outline" | "secondary";
  size?: "sm" | "md";
  then?: string;
  disabled?: boolean;
  /** Shown in the dialog above any error, e.g. why the request will be refused. */
  children?: ReactNode;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmLabel = props.confirmLabel ?? props.label;
  return (
    <>
      <Button
        variant={props.variant ?? "danger-outline"}
        size={props.size ?? "sm"}
        disabled={props.disabled}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
        aria-label={props.ariaLabel}
      >
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
                setError(null);
                const result = await send<TAnswer>(props.method, props.url, props.body);
                setBusy(false);
                if (!result.ok) return setError(result.error.message);
                setOpen(false);
                toast(typeof props.done === "string" ? props.done : props.done(result.data));
                if (props.then) router.push(props.then);
                router.refresh();
              }}
            >
              {busy && props.busyLabel ? props.busyLabel : confirmLabel}
            </Button>
          </>
        }
      >
        {props.children}
        {error ? <Alert tone="danger">{error}</Alert> : null}
      </Dialog>
    </>
  );
}
