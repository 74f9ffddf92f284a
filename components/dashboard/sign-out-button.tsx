"use client";

import { useState } from "react";
import { LogOutIcon } from "../ui/icons";

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      disabled={busy}
      title="Sign out"
      onClick={async () => {
        setBusy(true);
        await fetch("/api/dashboard/signout", { method: "POST", credentials: "same-origin" }).catch(() => undefined);
        // A full load, not a client navigation: no signed-in page stays in the router's cache or history.
        window.location.replace("/login");
      }}
    >
      <LogOutIcon />
      <span className="visually-hidden">Sign out</span>
    </button>
  );
}
