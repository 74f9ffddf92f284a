"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { send } from "../ui/request";
import { toast } from "../ui/toast";

export function RevokeKey({ id, name }: { id: string; name: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button variant="danger-outline" size="sm" onClick={() => setOpen(true)} aria-label={`Revoke ${name}`}>
        Revoke
      </Button>
      <Dialog
        id={`revoke-${id}`}
        open={open}
        onClose={() => setOpen(false)}
        title={`Revoke “${name}”?`}
        description="Requests with this key are refused from the very next one. This cannot be undone."
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
                const result = await send("DELETE", `/api/dashboard/keys/${encodeURIComponent(id)}`);
                setBusy(false);
                if (!result.ok) return setError(result.error.message);
                setOpen(false);
                toast("API key revoked");
                router.refresh();
              }}
            >
              {busy ? "Revoking…" : "Revoke key"}
            </Button>
          </>
        }
      >
        {error ? <Alert tone="danger">{error}</Alert> : null}
      </Dialog>
    </>
  );
}
