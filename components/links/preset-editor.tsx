"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, Input } from "../ui/field";
import { send } from "../ui/request";
import { toast } from "../ui/toast";
import { ConfirmAction } from "../ui/confirm-action";
import { CountryPicker } from "./country-picker";

type Country = { code: string; name: string };

/** Create (no preset) or edit (a preset, in a dialog). */
export function PresetEditor({ countries, preset }: { countries: Country[]; preset?: { id: string; name: string; countries: string[] } }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(preset?.name ?? "");
  const [codes, setCodes] = useState<string[]>(preset?.countries ?? []);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const prefix = preset ? `preset-${preset.id}` : "preset-new";
  const form = (
    <form
      className="form-stack"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        const result = preset
          ? await send("PUT", `/api/dashboard/geo-presets/${encodeURIComponent(preset.id)}`, { name, countries: codes })
          : await send("POST", "/api/dashboard/geo-presets", { name, countries: codes });
        setBusy(false);
        if (!result.ok) return setError(result.error);
        setError(null);
        setOpen(false);
        if (!preset) {
          setName("");
          setCodes([]);
        }
        toast(preset ? "Geo preset saved" : "Geo preset created");
        router.refresh();
      }}
    >
      <Field id={`${prefix}-name`} label="Preset name" error={error?.field === "name" ? error.message : undefined}>
        <Input id={`${prefix}-name`} value={name} onChange={(event) => setName(event.target.value)} error={error?.field === "name" ? error.message : undefined} placeholder="North America" />
      </Field>
      <CountryPicker id={`${prefix}-countries`} countries={countries} value={codes} onChange={setCodes} error={error?.field === "countries" ? error.message : undefined} />
      {error && error.field !== "name" && error.field !== "countries" ? <Alert tone="danger">{error.message}</Alert> : null}
      <div className="inline-actions">
        <Button type="submit" disabled={busy}>
          {preset ? "Save preset" : "Create preset"}
        </Button>
        {preset ? (
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
  if (!preset) return form;
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label={`Edit ${preset.name}`}>
        Edit
      </Button>
      <Dialog id={prefix} open={open} onClose={() => setOpen(false)} title={`Edit “${preset.name}”`}>
        {form}
      </Dialog>
    </>
  );
}

export function PresetDelete({ id, name }: { id: string; name: string }) {
  return (
    <ConfirmAction
      id={`delete-preset-${id}`}
      method="DELETE"
      url={`/api/dashboard/geo-presets/${encodeURIComponent(id)}`}
      label="Delete"
      ariaLabel={`Delete ${name}`}
      title={`Delete “${name}”?`}
      description="Links that used it keep their countries: each rule holds a copy."
      done="Geo preset deleted"
    />
  );
}
