"use client";

import { ConfirmAction } from "../ui/confirm-action";

export function RevokeKey({ id, name }: { id: string; name: string }) {
  return (
    <ConfirmAction
      id={`revoke-${id}`}
      method="DELETE"
      url={`/api/dashboard/keys/${encodeURIComponent(id)}`}
      label="Revoke"
      ariaLabel={`Revoke ${name}`}
      title={`Revoke “${name}”?`}
      description="Requests with this key are refused from the very next one. This cannot be undone."
      confirmLabel="Revoke key"
      busyLabel="Revoking…"
      done="API key revoked"
    />
  );
}
