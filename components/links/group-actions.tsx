"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "../ui/button";
import { ConfirmAction } from "../ui/confirm-action";
import { Dialog } from "../ui/dialog";
import { Field, Input } from "../ui/field";
import { send } from "../ui/request";
import { toast } from "../ui/toast";
import { byCount, countOf } from "@/lib/text/plural";

export function CreateGroup() {
  const router = useRouter();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="form-row"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        setBusy(true);
        const result = await send("POST", "/api/dashboard/groups", { name: new FormData(form).get("group-name") });
        setBusy(false);
        if (!result.ok) return setError(result.error.message);
        setError(undefined);
        form.reset();
        toast("Group created");
        router.refresh();
      }}
    >
      <Field id="group-name" label="New group name" error={error}>
        <Input id="group-name" error={error} placeholder="Spring campaign" />
      </Field>
      <Button type="submit" disabled={busy}>
        Create group
      </Button>
    </form>
  );
}

/** Rename in a dialog; delete (ConfirmAction) says how many links it will ungroup, then how many it did. */
export function GroupActions({ id, name, linkCount }: { id: string; name: string; linkCount: number }) {
  const router = useRouter();
  const [dialog, setDialog] = useState<"rename" | null>(null);
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const url = `/api/dashboard/groups/${encodeURIComponent(id)}`;
  const close = () => {
    setDialog(null);
    setError(undefined);
  };
  return (
    <div className="inline-actions">
      <Button size="sm" variant="secondary" onClick={() => setDialog("rename")} aria-label={`Rename ${name}`}>
        Rename
      </Button>
      <Dialog id={`rename-${id}`} open={dialog === "rename"} onClose={close} title={`Rename “${name}”`}>
        <form
          className="form-stack"
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            setBusy(true);
            const result = await send("PATCH", url, { name: value });
            setBusy(false);
            if (!result.ok) return setError(result.error.message);
            close();
            toast("Group renamed");
            router.refresh();
          }}
        >
          <Field id={`rename-${id}-name`} label="Name" error={error}>
            <Input id={`rename-${id}-name`} value={value} onChange={(event) => setValue(event.target.value)} error={error} />
          </Field>
          <div className="inline-actions">
            <Button type="submit" disabled={busy}>
              Save
            </Button>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      </Dialog>
      <ConfirmAction<{ linksUngrouped: number }>
        id={`delete-${id}`}
        method="DELETE"
        url={url}
        label="Delete"
        ariaLabel={`Delete ${name}`}
        title={`Delete “${name}”?`}
        description={linkCount ? byCount(linkCount, { one: "Its one link stays and becomes ungrouped.", other: `Its ${countOf(linkCount, "link")} stay and become ungrouped.` }) : "It holds no links."}
        confirmLabel="Delete group"
        busyLabel="Deleting…"
        done={({ linksUngrouped }) => `Group deleted; ${countOf(linksUngrouped, "link")} ${byCount(linksUngrouped, { one: "was", other: "were" })} ungrouped`}
      />
    </div>
  );
}
