import type { ComponentProps, ReactNode, SelectHTMLAttributes } from "react";

/** A label, the control, and either a hint or the error (linked with aria-describedby). */
export function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: ReactNode; error?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
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

export function Input({ id, error, hint, ...props }: ComponentProps<"input"> & { id: string; error?: string; hint?: boolean }) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return <input id={id} name={id} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />;
}

export function Select({ id, className = "", ...props }: SelectHTMLAttributes<HTMLSelectElement> & { id: string }) {
  return <select id={id} name={id} className={`select ${className}`.trim()} {...props} />;
}
