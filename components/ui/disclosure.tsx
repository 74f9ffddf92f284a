"use client";

import type { ReactNode } from "react";

/**
 * A card that folds: its title and a one-line summary of what is set stay visible, the body opens on
 * demand (details/summary: keyboard and screen readers for free). Controlled, so a form can open
 * the section that holds an error before focusing it.
 */
export function Disclosure({ id, title, summary, open, onToggle, children }: { id: string; title: string; summary: ReactNode; open: boolean; onToggle: (open: boolean) => void; children: ReactNode }) {
  return (
    <details className="card disclosure" id={id} open={open} onToggle={(event) => onToggle((event.currentTarget as HTMLDetailsElement).open)}>
      <summary className="disclosure-summary">
        <span className="disclosure-title">{title}</span>
        <span className="disclosure-state">{summary}</span>
        <span className="disclosure-chevron" aria-hidden="true" />
      </summary>
      <div className="card-body disclosure-body">{children}</div>
    </details>
  );
}
