"use client";

import Link from "next/link";
import { useState } from "react";
import { Alert } from "../ui/alert";
import { AuthCard } from "./auth-card";
import { Button } from "../ui/button";
import { send } from "../ui/request";

/** The link's page: one button uses the link (opening the page does not, so mail scanners cannot). */
export function ConfirmEmailCard({ token, email }: { token: string; email: string }) {
  const [state, setState] = useState<{ kind: "idle" | "busy" } | { kind: "done"; email: string; changed: boolean } | { kind: "error"; message: string }>({ kind: "idle" });
  if (state.kind === "done") {
    return (
      <AuthCard title="E-mail confirmed" subtitle={state.changed ? "You now sign in with this address." : "Thank you: your address is confirmed."}>
        <div className="form-stack" data-testid="email-confirmed">
          <Alert tone="info">
            <strong>{state.email}</strong> is confirmed. You can create API keys and invite your team.
          </Alert>
          <Link href="/" className="btn btn-primary btn-block btn-lg">
            Go to your dashboard
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm your e-mail" subtitle="One click, and your address is confirmed." footer={<Link href="/">Back to Hop</Link>}>
      <form
        className="form-stack"
        onSubmit={async (event) => {
          event.preventDefault();
          setState({ kind: "busy" });
          const result = await send<{ email: string; changed: boolean }>("POST", "/api/dashboard/email-confirmation", { token });
          setState(result.ok ? { kind: "done", email: result.data.email, changed: result.data.changed } : { kind: "error", message: result.error.message });
        }}
      >
        {state.kind === "error" ? <Alert tone="danger">{state.message}</Alert> : null}
        <p className="auth-note">
          Confirm that <strong>{email}</strong> is your address.
        </p>
        <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={state.kind === "busy"}>
          {state.kind === "busy" ? "Confirming…" : "Confirm my e-mail"}
        </button>
      </form>
    </AuthCard>
  );
}

/**
 * The dashboard's banner while an address waits for its link: the account's own (keys and
 * invitations wait for it) or a new one it is changing to. "Resend" is throttled on the server.
 */
export function ConfirmEmailBanner({ email, change }: { email: string; change: boolean }) {
  const [state, setState] = useState<{ kind: "idle" | "busy" | "sent" } | { kind: "error"; message: string }>({ kind: "idle" });
  return (
    <section className="confirm-banner" aria-labelledby="confirm-banner-title" data-testid="confirm-email-banner">
      <div className="confirm-banner-text">
        <p id="confirm-banner-title" className="confirm-banner-title">
          {change ? "Confirm your new e-mail address" : "Confirm your e-mail address"}
        </p>
        <p>
          {change ? (
            <>
              We sent a link to <strong>{email}</strong>. Until you open it, you keep signing in with your current address.
            </>
          ) : (
            <>
              We sent a link to <strong>{email}</strong>. Open it to create API keys and invite team members.
            </>
          )}
        </p>
        <p role="status" className="confirm-banner-status">
          {state.kind === "sent" ? "A new link is on its way. Check the spam folder too." : state.kind === "error" ? state.message : ""}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        disabled={state.kind === "busy" || state.kind === "sent"}
        onClick={async () => {
          setState({ kind: "busy" });
          const result = await send("POST", "/api/dashboard/account/email-confirmation");
          setState(result.ok ? { kind: "sent" } : { kind: "error", message: result.error.message });
        }}
      >
        {state.kind === "busy" ? "Sending…" : state.kind === "sent" ? "Sent" : "Resend the link"}
      </Button>
    </section>
  );
}
