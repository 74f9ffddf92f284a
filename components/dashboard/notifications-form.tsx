"use client";

import { useState } from "react";
import { Alert } from "../ui/alert";
import { send } from "../ui/request";
import { toast } from "../ui/toast";

/** The account's mails, saved on change: today the daily digest of broken links. */
export function NotificationsForm({ brokenLinksDigest, mailReady }: { brokenLinksDigest: boolean; mailReady: boolean }) {
  const [checked, setChecked] = useState(brokenLinksDigest);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="form-stack">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <label className="check-row" htmlFor="broken-links-digest">
        <input
          id="broken-links-digest"
          type="checkbox"
          checked={checked}
          disabled={busy}
          aria-describedby="broken-links-digest-hint"
          onChange={async (event) => {
            const next = event.currentTarget.checked;
            // Shown at once; put back if the server refuses.
            setChecked(next);
            setBusy(true);
            setError(null);
            const result = await send<{ brokenLinksDigest: boolean }>("PUT", "/api/dashboard/account/notifications", { brokenLinksDigest: next });
            setBusy(false);
            if (!result.ok) return setChecked(!next), setError(result.error.message);
            setChecked(result.data.brokenLinksDigest);
            toast(result.data.brokenLinksDigest ? "You will get the broken-links digest" : "No more broken-links digests");
          }}
        />
        <span>E-mail me when links break: one digest a day at most, listing the links whose destination stopped working.</span>
      </label>
      <p className="field-hint" id="broken-links-digest-hint">
        {mailReady ? "Hop checks every link's destination once a day." : "This server sends no e-mail (the operator has not set up SMTP): the Links page's Health filter shows broken links."}
      </p>
    </div>
  );
}
