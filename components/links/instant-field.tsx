"use client";

import { Button } from "../ui/button";
import { Field, Input } from "../ui/field";
import { useHydrated } from "../ui/use-hydrated";
import { isoOfLocalInput, localInputOf } from "./link-form-model";

/**
 * An instant typed in the browser's time zone (a datetime-local input) and kept as an ISO string,
 * with a Clear button once set. Empty until hydrated: the server does not know the visitor's zone.
 */
export function InstantField({ id, label, value, onChange, onClear, error, hint, disabled }: {
  id: string; label: string; value: string; onChange: (iso: string) => void; onClear: () => void; error?: string; hint: string; disabled: boolean;
}) {
  const hydrated = useHydrated();
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <div className="input-with-action">
        <Input id={id} type="datetime-local" value={hydrated ? localInputOf(value) : ""} disabled={disabled || !hydrated} error={error} hint onChange={(event) => onChange(isoOfLocalInput(event.target.value))} />
        {value ? (
          <Button variant="secondary" disabled={disabled} onClick={onClear}>
            Clear
          </Button>
        ) : null}
      </div>
    </Field>
  );
}
