"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import type { MadeInvitation } from "@/lib/team/invitations";
import { Button } from "../../ui/button";
import { CopyButton } from "../../ui/copy-button";
import { Dialog } from "../../ui/dialog";
import { Field, Input, Select } from "../../ui/field";
import { send } from "../../ui/request";
import { ConfirmAction } from "../../ui/confirm-action";
import { toast } from "../../ui/toast";
import { formatDate } from "../format";

const ROLE_OPTIONS = [
  { value: "admin", label: "Admin" },
  { value: "editor", label: "Editor" },
  { value: "viewer", label: "Viewer" },
];

/** The JSON of what inviting answers: its date arrives as text. */
type InvitationLink = Pick<MadeInvitation, "email" | "path" | "emailed"> & { expiresAt: string };

/** The link just made, shown once (only its hash is stored): the owner copies it to share. */
function InvitationLinkCard({ invitation }: { invitation: InvitationLink }) {
  // The address this browser reached the dashboard at, which is what the invitee can reach too.
  const url = `${window.location.origin}${invitation.path}`;
  const id = useId();
  return (
    <div className="invite-link" role="status">
      <p>
        {invitation.emailed ? <>We e-mailed this link to <strong>{invitation.email}</strong>. You can also share it yourself:</> : <>Share this link with <strong>{invitation.email}</strong>. Whoever opens it can join the team, so send it only to them:</>}
      </p>
      <div className="invite-link-row">
        <Input id={id} aria-label={`Invitation link for ${invitation.email}`} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        <CopyButton value={url} label="Copy link" />
      </div>
      <p className="field-hint">It works once and expires on {formatDate(invitation.expiresAt)}. It is shown only now; make a new one from the list below if it is lost.</p>
    </div>
  );
}

export function InviteMember() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [made, setMade] = useState<InvitationLink | null>(null);
  return (
    <div className="form-stack">
      <form
        className="form-row"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          const formElement = event.currentTarget;
          const form = new FormData(formElement);
          setBusy(true);
          setError(null);
          setMade(null);
          const result = await send<InvitationLink>("POST", "/api/dashboard/team", { email: form.get("invite-email"), role: form.get("invite-role") });
          setBusy(false);
          if (!result.ok) return setError(result.error);
          formElement.reset();
          setMade(result.data);
          toast("Invitation link made");
          router.refresh();
        }}
      >
        <Field id="invite-email" label="Their e-mail" error={error?.message}>
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
      {made ? <InvitationLinkCard invitation={made} /> : null}
    </div>
  );
}

/** A fresh link for an invitation (the old one stops working): the same request as inviting again. */
export function RenewInvitation({ email, role }: { email: string; role: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<InvitationLink | null>(null);
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        disabled={busy}
        aria-label={`New link for ${email}`}
        onClick={async () => {
          setBusy(true);
          const result = await send<InvitationLink>("POST", "/api/dashboard/team", { email, role });
          setBusy(false);
          if (!result.ok) return toast(result.error.message, "error");
          setMade(result.data);
          router.refresh();
        }}
      >
        New link
      </Button>
      <Dialog id={`renew-${email.replace(/[^a-z0-9]/gi, "-")}`} open={made !== null} onClose={() => setMade(null)} title="New invitation link" description="The previous link no longer works.">
        {made ? <InvitationLinkCard invitation={made} /> : null}
      </Dialog>
    </>
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

/** A confirmed team action: remove a member, cancel or decline an invitation, or leave a team. */
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
