"use client";

import type { ReactNode } from "react";

// The editor's labelled controls: each is a <label> with its control, so every input has a name
// for screen readers and a click target; values are strings, an emptied field reads as unset.

export function TextField({ id, label, value, onChange, onBlur, placeholder, hint, error, type = "text", maxLength }: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  hint?: ReactNode;
  /** Marks the control and says what to fix (the value stays as typed, and is not saved). */
  error?: string;
  type?: "text" | "url" | "number";
  maxLength?: number;
}) {
  const note = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="ed-field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        type={type}
        value={value ?? ""}
        placeholder={placeholder}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={note}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextArea({ id, label, value, onChange, maxLength, rows = 3, placeholder, hint }: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  maxLength?: number;
  rows?: number;
  placeholder?: string;
  hint?: ReactNode;
}) {
  return (
    <div className="ed-field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="input ed-textarea"
        rows={rows}
        value={value ?? ""}
        placeholder={placeholder}
        maxLength={maxLength}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function SelectField({ id, label, value, onChange, options }: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <div className="ed-field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="select" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const HEX6 = /^#[0-9a-f]{6}$/i;

/** A colour as text (any CSS colour the page accepts) with a picker beside it; empty = the design's own. */
export function ColorField({ id, label, value, onChange }: { id: string; label: string; value: string | undefined; onChange: (value: string | undefined) => void }) {
  return (
    <div className="ed-field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="ed-color">
        <input
          type="color"
          aria-label={value ? `${label}: pick` : `${label}: pick (now the design's default)`}
          className={value ? "ed-color-swatch" : "ed-color-swatch ed-color-swatch-default"}
          title={value ? undefined : "Design default"}
          value={value && HEX6.test(value) ? value : "#000000"}
          onChange={(event) => onChange(event.target.value)}
        />
        <input id={id} className="input" value={value ?? ""} placeholder="Design default" onChange={(event) => onChange(event.target.value.trim() === "" ? undefined : event.target.value)} />
        {value ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(undefined)} aria-label={`Reset ${label}`}>
            Reset
          </button>
        ) : null}
      </div>
    </div>
  );
}

export function Section({ title, description, children, actions }: { title: string; description?: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="ed-section" aria-label={title}>
      <div className="ed-section-head">
        <div>
          <h2 className="ed-section-title">{title}</h2>
          {description ? <p className="ed-section-description">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
