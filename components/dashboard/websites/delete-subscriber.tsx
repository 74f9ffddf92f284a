"use client";

import { ConfirmAction } from "../../ui/confirm-action";

/** Deletes one sign-up for good (an erasure request): the page by its API id in the body. */
export function DeleteSubscriber({ websiteId, subscriberId, email }: { websiteId: string; subscriberId: string; email: string }) {
  return (
    <ConfirmAction
      id={`delete-${subscriberId}`}
      method="DELETE"
      url="/api/dashboard/websites/subscribers"
      body={{ id: websiteId, subscriberId }}
      label="Delete"
      ariaLabel={`Delete ${email}`}
      title={`Delete ${email}?`}
      description="The address is removed from this page's list and deleted. This cannot be undone; signing up again adds it anew."
      confirmLabel="Delete address"
      busyLabel="Deleting…"
      done="Address deleted"
    />
  );
}
