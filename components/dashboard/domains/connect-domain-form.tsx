"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "../../ui/button";
import { Field, Input } from "../../ui/field";
import { PlusIcon } from "../../ui/icons";
import { send } from "../../ui/request";
import { toast } from "../../ui/toast";
import { tidyDomainInput } from "@/lib/domains/host-label";

/** Domain name (and "make it the default") → the claim; the page then shows the record to create. Shown to the workspace owner only. */
export function ConnectDomainForm() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="connect-domain"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const data = new FormData(form);
        setBusy(true);
        setError(null);
        const result = await send<{ domain: string }>("POST", "/api/dashboard/domains", { domain: tidyDomainInput(String(data.get("new-domain") ?? "")), isDefault: data.get("new-domain-default") === "on" });
        setBusy(false);
        if (!result.ok) return setError(result.error.message);
        form.reset();
        toast(`${result.data.domain} connected: create its DNS record`);
        router.refresh();
      }}
    >
      <Field id="new-domain" label="Domain" hint="A domain or subdomain you own, e.g. links.example.com (a pasted https://… address is fine)." error={error ?? undefined}>
        <Input id="new-domain" placeholder="links.example.com" autoComplete="off" spellCheck={false} required hint error={error ?? undefined} />
      </Field>
      <label className="checkbox">
        <input type="checkbox" name="new-domain-default" /> Use it as the default domain for new links
      </label>
      <div>
        <Button type="submit" disabled={busy}>
          <PlusIcon /> {busy ? "Connecting…" : "Connect domain"}
        </Button>
      </div>
    </form>
  );
}
