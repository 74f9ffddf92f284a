"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { send } from "../../ui/request";
import { toast } from "../../ui/toast";
import { describeDnsStatus, type VerifyAnswer } from "./dns-status";

interface DomainActionsProps {
  domain: string;
  verified: boolean;
  isDefault: boolean;
  recordType: string;
  linkCount: number;
  primaryDomain: string;
  readOnly: boolean;
}

const plural = (count: number, word: string) => `${count.toLocaleString("en-US")} ${word}${count === 1 ? "" : "s"}`;

/** Verify now (with what DNS showed, in words), default on/off, and delete after a confirmation. */
export function DomainActions(props: DomainActionsProps) {
  const router = useRouter();
  const [busy, setBusy] = useState<"verify" | "default" | "delete" | null>(null);
  const [answer, setAnswer] = useState<VerifyAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const path = `/api/dashboard/domains/${encodeURIComponent(props.domain)}`;
  const status = answer ? describeDnsStatus(answer, props.recordType) : null;

  return (
    <div className="domain-actions">
      <div className="inline-actions">
        <Button
          variant={props.verified ? "secondary" : "primary"}
          size="sm"
          disabled={busy !== null || props.readOnly}
          onClick={async () => {
            setBusy("verify");
            setError(null);
            const result = await send<VerifyAnswer>("POST", `${path}/verify`);
            setBusy(null);
            if (!result.ok) return setError(result.error.message);
            setAnswer(result.data);
            if (result.data.verified !== props.verified) router.refresh();
          }}
        >
          {busy === "verify" ? "Checking DNS…" : props.verified ? "Check again" : "Verify now"}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={busy !== null || props.readOnly}
          onClick={async () => {
            setBusy("default");
            setError(null);
            const result = await send("PATCH", path, { isDefault: !props.isDefault });
            setBusy(null);
            if (!result.ok) return setError(result.error.message);
            toast(props.isDefault ? `${props.domain} is no longer the default` : `${props.domain} is the default domain`);
            router.refresh();
          }}
        >
          {props.isDefault ? "Remove as default" : "Set as default"}
        </Button>
        <Button variant="danger-outline" size="sm" disabled={busy !== null || props.readOnly} onClick={() => setConfirming(true)} aria-label={`Delete ${props.domain}`}>
          Delete
        </Button>
      </div>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {status ? (
        <div className={`dns-result dns-result-${status.tone}`} role="status">
          <strong>{status.title}.</strong> {status.detail}
        </div>
      ) : null}
      <Dialog
        id={`delete-${props.domain.replace(/[^a-z0-9]/g, "-")}`}
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete ${props.domain}?`}
        description={
          props.linkCount > 0
            ? `${plural(props.linkCount, "link")} on ${props.domain} will move to ${props.primaryDomain}; their short URLs change. Analytics are kept.`
            : `No links use ${props.domain}; nothing moves.`
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={busy !== null}
              onClick={async () => {
                setBusy("delete");
                setDeleteError(null);
                const result = await send<{ message: string }>("DELETE", path);
                setBusy(null);
                if (!result.ok) return setDeleteError(result.error.message);
                setConfirming(false);
                toast(result.data.message);
                router.refresh();
              }}
            >
              {busy === "delete" ? "Deleting…" : props.linkCount > 0 ? `Delete and move ${plural(props.linkCount, "link")}` : "Delete domain"}
            </Button>
          </>
        }
      >
        {props.isDefault ? <Alert tone="warning">This is the default domain: remove it as default first.</Alert> : null}
        {deleteError ? <Alert tone="danger">{deleteError}</Alert> : null}
      </Dialog>
    </div>
  );
}
