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

type Country = { code: string; name: string };

/** Pick countries from the full list (type to filter the select); chosen ones show as removable chips. */
function CountryPicker({ id, countries, value, onChange, error }: { id: string; countries: Country[]; value: string[]; onChange: (codes: string[]) => void; error?: string }) {
  const [filter, setFilter] = useState("");
  const names = new Map(countries.map((c) => [c.code, c.name]));
  const needle = filter.trim().toLowerCase();
  const options = countries.filter((c) => !value.includes(c.code) && (!needle || c.name.toLowerCase().includes(needle) || c.code.toLowerCase() === needle));
  return (
    <div className="country-picker">
      <div className="form-row">
        <Field id={`${id}-filter`} label="Find a country">
          <Input id={`${id}-filter`} value={filter} onChange={(event) => setFilter(event.target.value)} placeholder="Type to filter" />
        </Field>
        <Field id={`${id}-add`} label="Add country" error={error}>
          <select
            id={`${id}-add`}
            className="select"
            value=""
            onChange={(event) => {
              if (event.target.value) onChange([...value, event.target.value]);
            }}
          >
            <option value="">{options.length ? `Choose (${options.length})` : "No match"}</option>
            {options.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} ({c.code})
              </option>
            ))}
          </select>
        </Field>
      </div>
      {value.length === 0 ? <p className="field-hint">No country chosen yet.</p> : null}
      <ul className="country-chips" aria-label="Chosen countries" hidden={value.length === 0}>
        {value.map((code) => (
          <li className="chip" key={code}>
            {names.get(code) ?? code}
            <button type="button" className="btn btn-ghost btn-sm" aria-label={`Remove ${names.get(code) ?? code}`} onClick={() => onChange(value.filter((c) => c !== code))}>
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

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
