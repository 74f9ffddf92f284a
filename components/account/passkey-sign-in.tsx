"use client";

import { browserSupportsWebAuthn, startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useState } from "react";
import { Alert } from "../ui/alert";
import { send } from "../ui/request";
import { passkeyErrorMessage } from "./webauthn-errors";
import "./passkeys.css";

// The sign-in page's passkey buttons: alone (any passkey of this site the device holds), or as the
// second step after the password in place of a code. The server checks the answer and sets the
// same session cookie a password sign-in gets (app/api/dashboard/passkey-sign-in).

type Options = { options: PublicKeyCredentialRequestOptionsJSON };

async function signInWith(options: Promise<Awaited<ReturnType<typeof send<Options>>>>): Promise<string | null> {
  const asked = await options;
  if (!asked.ok) return asked.error.message;
  let response;
  try {
    response = await startAuthentication({ optionsJSON: asked.data.options });
  } catch (failure) {
    return passkeyErrorMessage(failure);
  }
  const signedIn = await send("POST", "/api/dashboard/passkey-sign-in", { response });
  return signedIn.ok ? null : signedIn.error.message;
}

function usePasskeyButton(callbackUrl: string, options: () => Promise<Awaited<ReturnType<typeof send<Options>>>>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    if (!browserSupportsWebAuthn()) return setError("This browser cannot use passkeys.");
    setBusy(true);
    const failed = await signInWith(options());
    if (!failed) return window.location.assign(callbackUrl);
    setBusy(false);
    setError(failed);
  };
  return { busy, error, run };
}

export function PasskeySignIn({ callbackUrl }: { callbackUrl: string }) {
  const { busy, error, run } = usePasskeyButton(callbackUrl, () => send<Options>("POST", "/api/dashboard/passkey-sign-in/options"));
  return (
    <div className="passkey-sign-in">
      <p className="passkey-divider" aria-hidden="true">
        <span>or</span>
      </p>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <button type="button" className="btn btn-secondary btn-block btn-lg" disabled={busy} onClick={run}>
        {busy ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </button>
    </div>
  );
}

/** In the code step: the password again (kept by the form), then one of that account's passkeys. */
export function PasskeySecondFactor({ email, password, callbackUrl }: { email: string; password: string; callbackUrl: string }) {
  const { busy, error, run } = usePasskeyButton(callbackUrl, () => send<Options>("POST", "/api/dashboard/passkey-sign-in/second-factor", { email, password }));
  return (
    <div className="passkey-sign-in">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <button type="button" className="btn btn-secondary btn-block" disabled={busy} onClick={run}>
        {busy ? "Waiting for your passkey…" : "Use a passkey instead"}
      </button>
    </div>
  );
}
