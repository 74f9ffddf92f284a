"use client";

import { useState } from "react";
import { Field, Input } from "../ui/field";

export type Country = { code: string; name: string };

/**
 * Pick countries from the full list (type to filter the select); chosen ones show as removable
 * chips. The geo presets and the link form's geo rules share it.
 */
export function CountryPicker({ id, countries, value, onChange, error, disabled = false }: { id: string; countries: Country[]; value: string[]; onChange: (codes: string[]) => void; error?: string; disabled?: boolean }) {
  const [filter, setFilter] = useState("");
  const names = new Map(countries.map((c) => [c.code, c.name]));
  const needle = filter.trim().toLowerCase();
  const options = countries.filter((c) => !value.includes(c.code) && (!needle || c.name.toLowerCase().includes(needle) || c.code.toLowerCase() === needle));
  return (
    <div className="country-picker">
      <div className="form-row">
        <Field id={`${id}-filter`} label="Find a country">
          <Input id={`${id}-filter`} value={filter} disabled={disabled} onChange={(event) => setFilter(event.target.value)} placeholder="Type to filter" />
        </Field>
        <Field id={`${id}-add`} label="Add country" error={error}>
          <select
            id={`${id}-add`}
            className="select"
            value=""
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-add-error` : undefined}
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
            <button type="button" className="btn btn-ghost btn-sm" disabled={disabled} aria-label={`Remove ${names.get(code) ?? code}`} onClick={() => onChange(value.filter((c) => c !== code))}>
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

