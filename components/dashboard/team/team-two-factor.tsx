"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "../../ui/alert";
import { send } from "../../ui/request";
import { toast } from "../../ui/toast";

/** The owner's rule: members need two-factor sign-in to open this workspace (saved on change). */
export function TeamTwoFactorRule({ required }: { required: boolean }) {
  const router = useRouter();
  const [checked, setChecked] = useState(required);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="form-stack">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <label className="check-row" htmlFor="team-requires-two-factor">
        <input
          id="team-requires-two-factor"
          type="checkbox"
          checked={checked}
          disabled={busy}
          onChange={async (event) => {
            const next = event.currentTarget.checked;
            setBusy(true);
            setError(null);
            const result = await send<{ required: boolean }>("PUT", "/api/dashboard/team/two-factor", { required: next });
            setBusy(false);
            if (!result.ok) return setError(result.error.message);
            setChecked(result.data.required);
            toast(result.data.required ? "Members now need two-factor sign-in" : "Two-factor sign-in is optional for members");
            router.refresh();
          }}
        />
        <span>Require two-factor sign-in: members without it cannot open this workspace until they turn it on.</span>
      </label>
    </div>
  );
}
