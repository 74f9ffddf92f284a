"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import "../sso.css";
import { Alert } from "../../ui/alert";
import { send } from "../../ui/request";
import { toast } from "../../ui/toast";

/** The owner's rule: members must sign in with single sign-on to open this workspace (saved on change). */
export function TeamSsoRule({ required, providers }: { required: boolean; providers: string[] }) {
  const router = useRouter();
  const [checked, setChecked] = useState(required);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="form-stack sso-rule">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <label className="check-row" htmlFor="team-requires-sso">
        <input
          id="team-requires-sso"
          type="checkbox"
          checked={checked}
          disabled={busy}
          onChange={async (event) => {
            const next = event.currentTarget.checked;
            setBusy(true);
            setError(null);
            const result = await send<{ required: boolean }>("PUT", "/api/dashboard/team/sso", { required: next });
            setBusy(false);
            if (!result.ok) return setError(result.error.message);
            setChecked(result.data.required);
            toast(result.data.required ? "Members now need single sign-on" : "Single sign-on is optional for members");
            router.refresh();
          }}
        />
        <span>
          Require single sign-on ({providers.join(", ")}): members signed in with a password cannot open this workspace until they sign in with
          SSO.
        </span>
      </label>
    </div>
  );
}
