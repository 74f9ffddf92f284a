"use client";

import { ConfirmAction } from "../ui/confirm-action";

/** Unlinks one provider's sign-in from the account (the account page's "Single sign-on" card). */
export function UnlinkSignIn({ id, provider }: { id: string; provider: string }) {
  return (
    <ConfirmAction
      id={`unlink-sign-in-${id}`}
      method="DELETE"
      url={`/api/dashboard/account/sign-ins/${encodeURIComponent(id)}`}
      label="Unlink"
      ariaLabel={`Unlink the ${provider} sign-in`}
      title={`Unlink ${provider}?`}
      description={`"Sign in with ${provider}" stops opening this account. You can link it again by signing in with ${provider} and entering your password.`}
      confirmLabel="Unlink"
      busyLabel="Unlinking…"
      done="Sign-in unlinked"
      size="sm"
    />
  );
}
