"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "../ui/button";
import { Field, Input, Select } from "../ui/field";
import { send } from "../ui/request";
import { ConfirmAction } from "../ui/confirm-action";
import { toast } from "../ui/toast";

const ROLE_OPTIONS = [
  { value: "admin", label: "Admin" },
  { value: "editor", label: "Editor" },
  { value: "viewer", label: "Viewer" },
];

export function InviteMember() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  return (
    <form
      className="form-row"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const formElement = event.currentTarget;
        const form = new FormData(formElement);
        setBusy(true);
        setError(null);
        const result = await send("POST", "/api/dashboard/team", { email: form.get("invite-email"), role: form.get("invite-role") });
        setBusy(false);
        if (!result.ok) return setError(result.error);
        formElement.reset();
        toast("Invitation sent");
        router.refresh();
      }}
    >
      <Field id="invite-email" label="E-mail of their Hop account" error={error?.message}>
        <Input id="invite-email" type="email" placeholder="teammate@example.com" required error={error?.message} />
      </Field>
      <Field id="invite-role" label="Role">
        <Select id="invite-role" defaultValue="editor">
          {ROLE_OPTIONS.map((role) => (
            <option key={role.value} value={role.value}>
              {role.label}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? "Inviting…" : "Invite"}
      </Button>
    </form>
  );
}

export function MemberRole({ id, role, email }: { id: string; role: string; email: string }) {
  const router = useRouter();
  const [value, setValue] = useState(role);
  return (
    <select
      className="select select-sm"
      aria-label={`Role of ${email}`}
      value={value}
      onChange={async (event) => {
        const next = event.target.value;
        const previous = value;
        setValue(next);
        const result = await send("PATCH", `/api/dashboard/team/${encodeURIComponent(id)}`, { role: next });
        if (!result.ok) {
          setValue(previous);
          return toast(result.error.message, "error");
        }
        toast(`Role changed to ${next}`);
        router.refresh();
      }}
    >
      {ROLE_OPTIONS.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** A confirmed team action: remove a member, decline an invitation, or leave a team. */
export function ConfirmTeamAction({ url, label, title, description, done, variant = "danger-outline" }: {
  url: string;
  label: string;
  title: string;
  description: string;
  done: string;
  variant?: "danger-outline" | "secondary";
}) {
  return (
    <ConfirmAction
      id={url.replace(/[^a-z0-9]/gi, "-")}
      method={url.endsWith("/leave") ? "POST" : "DELETE"}
      url={url}
      label={label}
      title={title}
      description={description}
      done={done}
      variant={variant}
    />
  );
}

export function AcceptInvitation({ id, owner }: { id: string; owner: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="sm"
      disabled={busy}
      aria-label={`Accept the invitation from ${owner}`}
      onClick={async () => {
        setBusy(true);
        const result = await send("POST", `/api/dashboard/team/${encodeURIComponent(id)}/accept`);
        setBusy(false);
        if (!result.ok) return toast(result.error.message, "error");
        toast(`You joined ${owner}'s team`);
        router.refresh();
      }}
    >
      Accept
    </Button>
  );
}
