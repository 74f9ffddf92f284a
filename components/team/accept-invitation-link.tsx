"use client";

import { useState } from "react";
import { Alert } from "../ui/alert";
import { send } from "../ui/request";

/** Joins the team the link names; the team then shows under "Teams you belong to". */
export function AcceptInvitationLink({ token }: { token: string }) {
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
          window.location.assign("/team");
        }}
      >
        {busy ? "Joining…" : "Join the team"}
      </button>
    </div>
  );
}
