"use client";

import { Field, Input } from "../ui/field";
import { useHydrated } from "../ui/use-hydrated";
import { InstantField } from "./instant-field";
import type { LinkFormState } from "./link-form-model";

// The link form's start and visit limit (docs/API.md "Extensions: schedule and click cap"), in the
// expiration section: the start is typed in the browser's time zone and sent as an instant.

interface SectionProps {
  state: LinkFormState;
  set: (patch: Partial<LinkFormState>) => void;
  errorOf: (field: string) => string | undefined;
  disabled: boolean;
}

/** The section's closed line: the start, the limit and the expiry in a few words. */
export function useScheduleSummary(state: Pick<LinkFormState, "startsAt" | "maxClicks">, expirySummary: string): string {
  const hydrated = useHydrated();
  const parts: string[] = [];
  if (state.startsAt) {
    const at = new Date(state.startsAt);
    parts.push(!hydrated ? "Starts later" : at.getTime() > Date.now() ? `Starts ${at.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}` : "Started");
  }
  if (state.maxClicks.trim()) parts.push(`Limit ${state.maxClicks.trim()} visits`);
  if (expirySummary !== "Never" || !parts.length) parts.push(expirySummary === "Never" ? "Never expires" : expirySummary);
  return parts.join(" · ");
}

export function ScheduleFields({ state, set, errorOf, disabled }: SectionProps) {
  const limitError = errorOf("maxClicks");
  return (
    <div className="form-grid">
      <InstantField
        id="link-starts-at"
        label="Starts at"
        value={state.startsAt}
        onChange={(startsAt) => set({ startsAt })}
        onClear={() => set({ startsAt: "" })}
        error={errorOf("startsAt")}
        hint="Optional. Until then visitors see that the link is not live yet."
        disabled={disabled}
      />
      <Field id="link-max-clicks" label="Visit limit" error={limitError} hint="Optional. After this many visits (as analytics count them) the link acts as expired.">
        <Input id="link-max-clicks" inputMode="numeric" autoComplete="off" value={state.maxClicks} disabled={disabled} error={limitError} hint onChange={(event) => set({ maxClicks: event.target.value })} />
      </Field>
    </div>
  );
}
