"use client";

import { ConfirmAction } from "../ui/confirm-action";

export function DeleteLink({ id, url }: { id: string; url: string }) {
  return (
    <ConfirmAction
      id="delete-link"
      method="DELETE"
      url={`/api/dashboard/links/${encodeURIComponent(id)}`}
      label="Delete link"
      confirmLabel="Delete"
      busyLabel="Deleting…"
      title="Delete this link?"
      description={`${url} stops working at once. This cannot be undone.`}
      done="Link deleted"
      size="md"
      then="/links"
    />
  );
}
