"use client";

import { ConfirmAction } from "../ui/confirm-action";

/** Ends one of the account's other sessions (components of the account page's Sessions card). */
export function EndSession({ id, device }: { id: string; device: string }) {
  return (
    <ConfirmAction
      id={`end-session-${id}`}
      method="DELETE"
      url={`/api/dashboard/account/sessions/${encodeURIComponent(id)}`}
      label="End"
      ariaLabel={`End the session of ${device}`}
      title="End this session?"
      description={`${device} is signed out at its next request. Other sessions stay signed in.`}
      confirmLabel="End session"
      busyLabel="Ending…"
      done="Session ended"
      size="sm"
    />
  );
}
