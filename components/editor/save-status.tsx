"use client";

import type { SaveState } from "./use-autosave";

export function SaveStatus({ state }: { state: SaveState }) {
  const text =
    state.kind === "saved" ? "Saved" : state.kind === "saving" ? "Saving…" : state.kind === "offline" ? "Offline — retrying" : state.kind === "conflict" ? "Changed elsewhere" : "Not saved";
  return (
    <p className={`ed-status ed-status-${state.kind}`} role="status" aria-live="polite" data-testid="save-status">
      <span className="ed-status-dot" aria-hidden="true" />
      {text}
    </p>
  );
}
