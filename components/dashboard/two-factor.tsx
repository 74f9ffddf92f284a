"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { CopyButton } from "../ui/copy-button";
import { Dialog } from "../ui/dialog";
import { Field, Input } from "../ui/field";
import { send } from "../ui/request";
import { SecretDialogFooter } from "../ui/secret-once";
import { toast } from "../ui/toast";

// The account page's two-factor controls: set-up (scan, first code, recovery codes shown once) and
// turning it off with a code. The server does the checking (lib/accounts/two-factor.ts).

type Setup = { secret: string; uri: string; qrSvg: string };

function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}`;
}

export function TwoFactorSetup() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setSetup(null);
    setError(null);
    if (codes) {
      setCodes(null);
      router.refresh();
    }
  };
  return (
    <>
      <Button
        onClick={async () => {
          setOpen(true);
          setError(null);
          const result = await send<Setup>("POST", "/api/dashboard/account/two-factor/setup");
          if (!result.ok) return setError(result.error.message);
          setSetup(result.data);
        }}
      >
        Set up two-factor sign-in
      </Button>
      <Dialog
        id="two-factor-setup"
        open={open}
        onClose={close}
        title={codes ? "Save your recovery codes" : "Set up two-factor sign-in"}
        description={codes ? "Each code signs you in once if you lose your phone. They are shown only now." : "Scan the code with an authenticator app, then enter the 6-digit code it shows."}
        footer={<SecretDialogFooter shown={codes !== null} onClose={close} formId="two-factor-setup-form" busy={busy} ready={setup !== null} submitLabel="Turn on" busyLabel="Checking…" doneLabel="I saved them" />}
      >
        {error ? <Alert tone="danger">{error}</Alert> : null}
        {codes ? (
          <div className="form-stack">
            <ul className="recovery-codes" data-testid="recovery-codes">
              {codes.map((code) => (
                <li key={code}>
                  <code>{code}</code>
                </li>
              ))}
            </ul>
            <div>
              <CopyButton value={codes.join("\n")} label="Copy all" />
            </div>
            <Alert tone="warning">Keep them somewhere safe, apart from your phone. Other sessions of this account were signed out.</Alert>
          </div>
        ) : setup ? (
          <form
            id="two-factor-setup-form"
            className="form-stack"
            noValidate
            onSubmit={async (event) => {
              event.preventDefault();
              const code = String(new FormData(event.currentTarget).get("setupCode") ?? "").trim();
              if (!code) return setError("Enter the 6-digit code from the app.");
              setBusy(true);
              setError(null);
              const result = await send<{ recoveryCodes: string[] }>("POST", "/api/dashboard/account/two-factor", { code });
              setBusy(false);
              if (!result.ok) return setError(result.error.message);
              setCodes(result.data.recoveryCodes);
              toast("Two-factor sign-in is on");
            }}
          >
            <div className="two-factor-qr">
              {/* eslint-disable-next-line @next/next/no-img-element -- an SVG the server drew, as a data URL */}
              <img src={svgDataUrl(setup.qrSvg)} alt="QR code to scan with an authenticator app" width={200} height={200} />
            </div>
            <p className="field-hint">
              Can&apos;t scan? Enter this key in the app: <code data-testid="totp-secret">{setup.secret}</code>
            </p>
            <Field id="setupCode" label="Code from the app">
              <Input id="setupCode" inputMode="numeric" autoComplete="one-time-code" maxLength={12} spellCheck={false} />
            </Field>
          </form>
        ) : error ? null : (
          <p className="field-hint">Making a new key…</p>
        )}
      </Dialog>
    </>
  );
}

export function TwoFactorOff() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => (setOpen(false), setError(null));
  return (
    <>
      <Button variant="danger-outline" onClick={() => setOpen(true)}>
        Turn off
      </Button>
      <Dialog
        id="two-factor-off"
        open={open}
        onClose={close}
        title="Turn off two-factor sign-in?"
        description="Signing in will need your password alone. Enter a current code from the app, or a recovery code."
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" form="two-factor-off-form" disabled={busy}>
              {busy ? "Checking…" : "Turn off"}
            </Button>
          </>
        }
      >
        <form
          id="two-factor-off-form"
          className="form-stack"
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            const code = String(new FormData(event.currentTarget).get("offCode") ?? "").trim();
            if (!code) return setError("Enter a code from the app or a recovery code.");
            setBusy(true);
            setError(null);
            const result = await send("DELETE", "/api/dashboard/account/two-factor", { code });
            setBusy(false);
            if (!result.ok) return setError(result.error.message);
            close();
            toast("Two-factor sign-in is off");
            router.refresh();
          }}
        >
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <Field id="offCode" label="Code or recovery code">
            <Input id="offCode" autoComplete="one-time-code" maxLength={40} spellCheck={false} />
          </Field>
        </form>
      </Dialog>
    </>
  );
}
