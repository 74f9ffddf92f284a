"use client";

import { useState } from "react";
import { Field, Input } from "../ui/field";

export type Country = { code: string; name: string };

/**
 * Pick countries from the full list with one control: type part of a name or a code, then choose
 * from the suggestions (or press Enter for the first match); the choice becomes a removable chip
 * and the field is cleared for the next. The geo presets and the link form's geo rules share it.
 */
export function CountryPicker({ id, countries, value, onChange, error, disabled = false }: { id: string; countries: Country[]; value: string[]; onChange: (codes: string[]) => void; error?: string; disabled?: boolean }) {
  const [text, setText] = useState("");
  const names = new Map(countries.map((c) => [c.code, c.name]));
  const labelOf = (c: Country) => `${c.name} (${c.code})`;
  const needle = text.trim().toLowerCase();
  const options = countries.filter((c) => !value.includes(c.code) && (!needle || labelOf(c).toLowerCase().includes(needle)));
  const add = (code: string) => {
    onChange([...value, code]);
    setText("");
  };
  return (
    <div className="country-picker">
      <Field id={`${id}-add`} label="Add a country" error={error} hint={needle && !options.length ? `No country matches "${text.trim()}".` : "Type a name or code, then pick it."}>
        <Input
          id={`${id}-add`}
          list={`${id}-list`}
          value={text}
          disabled={disabled}
          error={error}
          hint
          autoComplete="off"
          onChange={(event) => {
            const typed = event.target.value;
            const picked = countries.find((c) => labelOf(c) === typed && !value.includes(c.code));
            if (picked) add(picked.code);
            else setText(typed);
          }}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            const exact = options.find((c) => c.code.toLowerCase() === needle || c.name.toLowerCase() === needle);
            const first = exact ?? (needle ? options[0] : undefined);
            if (first) add(first.code);
          }}
        />
        <datalist id={`${id}-list`}>
          {options.map((c) => (
            <option key={c.code} value={labelOf(c)} />
          ))}
        </datalist>
      </Field>
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
