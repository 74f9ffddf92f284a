"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { ConfirmAction } from "../../ui/confirm-action";
import { send } from "../../ui/request";
import { toast } from "../../ui/toast";
import { describeDnsStatus, type VerifyAnswer } from "./dns-status";
import { countOf } from "@/lib/text/plural";

interface DomainActionsProps {
  domain: string;
  verified: boolean;
  isDefault: boolean;
  recordType: string;
  linkCount: number;
  primaryDomain: string;
  readOnly: boolean;
}

const plural = countOf;

/** Verify now (with what DNS showed, in words), default on/off, and delete after a confirmation. */
export function DomainActions(props: DomainActionsProps) {
  const router = useRouter();
  const [busy, setBusy] = useState<"verify" | "default" | null>(null);
  const [answer, setAnswer] = useState<VerifyAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
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
        <ConfirmAction<{ message: string }>
          id={`delete-${props.domain.replace(/[^a-z0-9]/g, "-")}`}
          method="DELETE"
          url={path}
          label="Delete"
          ariaLabel={`Delete ${props.domain}`}
          disabled={busy !== null || props.readOnly}
          title={`Delete ${props.domain}?`}
          description={
            props.linkCount > 0
              ? `${plural(props.linkCount, "link")} on ${props.domain} will move to ${props.primaryDomain}; their short URLs change. Analytics are kept.`
              : `No links use ${props.domain}; nothing moves.`
          }
          confirmLabel={props.linkCount > 0 ? `Delete and move ${plural(props.linkCount, "link")}` : "Delete domain"}
          busyLabel="Deleting…"
          done={({ message }) => message}
        >
          {props.isDefault ? <Alert tone="warning">This is the default domain: remove it as default first.</Alert> : null}
        </ConfirmAction>
      </div>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {status ? (
        <div className={`dns-result dns-result-${status.tone}`} role="status">
          <strong>{status.title}.</strong> {status.detail}
        </div>
      ) : null}
    </div>
  );
}
