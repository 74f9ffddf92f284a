"use client";

import { useState } from "react";
import { Alert } from "../ui/alert";
import { send } from "../ui/request";

/** Joins the team the link names and opens the team's workspace (its overview), where the member came to work. */
export function AcceptInvitationLink({ token, ownerId }: { token: string; ownerId: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="form-stack">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <button
        type="button"
        className="btn btn-primary btn-block btn-lg"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          const result = await send("POST", "/api/dashboard/invitations/accept", { token });
          if (!result.ok) {
            setBusy(false);
            return setError(result.error.message);
          }
          // The switcher's own route: the cookie that selects the owner's workspace. Should it fail,
          // the member is still in the team and reaches it from the switcher.
          const selected = await send("POST", "/api/dashboard/workspace", { ownerId });
          window.location.assign(selected.ok ? "/" : "/team");
        }}
      >
        {busy ? "Joining…" : "Join the team"}
      </button>
    </div>
  );
}
