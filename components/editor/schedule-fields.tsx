"use client";

import { useEffect, useState } from "react";
import type { Block } from "./model";
import { fromLocalInput, toLocalInput } from "./schedule-time";

/** "Show from" and "Show until" of any block, in the owner's time zone; both empty: always shown. */
export function ScheduleFields({ block, onChange, problems = {} }: { block: Block; onChange: (block: Block) => void; problems?: Record<string, string> }) {
  const id = `ed-block-${block.id}-schedule`;
  // The zone is the browser's: known only after hydration (the server's may differ).
  const [zone, setZone] = useState("");
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  const set = (side: "start" | "end", value: string) => {
    const schedule = { ...block.schedule, [side]: fromLocalInput(value) };
    onChange({ ...block, schedule: schedule.start || schedule.end ? schedule : undefined });
  };
  const error = problems["schedule.end"] ?? problems["schedule.start"] ?? problems.schedule;
  return (
    <fieldset className="ed-fieldset ed-schedule" aria-describedby={`${id}-hint`}>
      <legend className="field-label">Schedule</legend>
      <div className="ed-row">
        <div className="ed-field">
          <label className="field-label" htmlFor={`${id}-start`}>
            Show from
          </label>
          <input id={`${id}-start`} className="input" type="datetime-local" value={toLocalInput(block.schedule?.start)} onChange={(event) => set("start", event.target.value)} />
        </div>
        <div className="ed-field">
          <label className="field-label" htmlFor={`${id}-end`}>
            Show until
          </label>
          <input id={`${id}-end`} className="input" type="datetime-local" value={toLocalInput(block.schedule?.end)} aria-invalid={error ? true : undefined} onChange={(event) => set("end", event.target.value)} />
        </div>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="field-hint" id={`${id}-hint`}>
        Leave both empty to always show this block. Outside its window the live page leaves it out, and puts it back on time without publishing again{zone ? ` (times in ${zone})` : ""}.
      </p>
    </fieldset>
  );
}
