"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { humanMessage } from "@/lib/dashboard/human-messages";
import type { DashboardBulkUpdateBody, DashboardBulkUpdateResult } from "@/lib/links/dashboard-bulk-update";
import { byCount, countOf } from "@/lib/text/plural";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { send } from "../ui/request";
import { BulkEditFields } from "./bulk-edit-fields";
import { buildChange, EMPTY_EDIT, when, type BulkEditState, type EditField } from "./bulk-edit-model";

// "Edit in bulk": choose the links (the selected rows, or every link the list's filters match),
// say what changes, see the dry run's count and examples, then apply and read what changed.

type Groups = Array<{ id: string; name: string }>;
type Result = DashboardBulkUpdateResult;
export type ListFilter = Omit<Extract<DashboardBulkUpdateBody["links"], { by: "filter" }>, "by">;

const FILTER_LABELS: Record<keyof ListFilter, string> = { search: "Search", tag: "Tag", domain: "Domain", groupId: "Group", type: "Type", health: "Health", status: "Status" };

export function BulkEditDialog({ open, onClose, onApplied, selected, filter, matching, groups }: {
  open: boolean;
  onClose: () => void;
  onApplied: () => void;
  selected: string[];
  /** The list's filters; null when it is not filtered (then only the selection can be edited). */
  filter: ListFilter | null;
  /** How many links the list's filters match. */
  matching: number;
  groups: Groups;
}) {
  const router = useRouter();
  const [scope, setScope] = useState<"ids" | "filter">(selected.length ? "ids" : "filter");
  const [state, setState] = useState<BulkEditState>(EMPTY_EDIT);
  const [problem, setProblem] = useState<{ field: EditField; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"preview" | "apply" | null>(null);
  const [preview, setPreview] = useState<Result | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const heading = useRef<HTMLDivElement>(null);
  const groupName = (id: string | null) => (id ? (groups.find((g) => g.id === id)?.name ?? "a group") : "no group");

  // Each step's summary takes the focus, so a keyboard or screen-reader user hears what happened.
  useEffect(() => heading.current?.focus(), [preview, result]);

  const body = (dryRun: boolean, change: DashboardBulkUpdateBody["change"]): DashboardBulkUpdateBody => ({
    links: scope === "ids" ? { by: "ids", ids: selected } : { by: "filter", ...filter },
    change,
    dryRun,
  });

  async function run(dryRun: boolean) {
    const built = buildChange(state);
    if (!built.ok) return setProblem(built);
    setProblem(null);
    setError(null);
    setBusy(dryRun ? "preview" : "apply");
    const answer = await send<Result>("POST", "/api/dashboard/links/bulk-update", body(dryRun, built.change));
    setBusy(null);
    if (!answer.ok) return setError(humanMessage(answer.error, { label: answer.error.field?.includes("replace") ? "The new address" : undefined }));
    if (dryRun) return setPreview(answer.data);
    setPreview(null);
    setResult(answer.data);
    onApplied();
    router.refresh();
  }

  const edit = (patch: Partial<BulkEditState>) => {
    setState((current) => ({ ...current, ...patch }));
    setProblem(null);
  };
  const close = () => {
    setPreview(null);
    setResult(null);
    setError(null);
    setProblem(null);
    setState(EMPTY_EDIT);
    onClose();
  };
  const count = scope === "ids" ? selected.length : matching;
  const step = result ? "result" : preview ? "preview" : "form";

  return (
    <Dialog
      id="bulk-edit"
      wide
      open={open}
      onClose={close}
      title={step === "result" ? "Bulk edit done" : step === "preview" ? (preview!.matched === 0 ? "Preview: no link matches" : `Preview: ${countOf(preview!.changed, "link")} would change`) : "Edit links in bulk"}
      description={step === "form" ? "Choose the links and what to change. You see a preview before anything changes." : step === "preview" ? "Nothing has changed yet." : undefined}
      footer={
        step === "result" ? (
          <Button onClick={close}>Close</Button>
        ) : step === "preview" ? (
          <>
            <Button variant="secondary" disabled={busy !== null} onClick={() => {
              setPreview(null);
              // The form is back: its first choice takes the focus the Back button had.
              setTimeout(() => document.getElementById("bulk-tags")?.focus(), 0);
            }}>Back</Button>
            <Button disabled={busy !== null || preview!.changed === 0} aria-busy={busy === "apply" || undefined} onClick={() => run(false)}>
              {busy === "apply" ? "Applying…" : `Apply to ${countOf(preview!.changed, "link")}`}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>Cancel</Button>
            <Button disabled={busy !== null || count === 0} aria-busy={busy === "preview" || undefined} onClick={() => run(true)}>
              {busy === "preview" ? "Checking…" : "Preview changes"}
            </Button>
          </>
        )
      }
    >
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {step === "form" ? (
        <form className="bulk-edit-form" aria-busy={busy !== null || undefined} onSubmit={(event) => {
          event.preventDefault();
          void run(true);
        }}>
          <fieldset className="bulk-edit-scope" disabled={busy !== null}>
            <legend className="field-label">Which links</legend>
            <label className="bulk-edit-radio">
              <input type="radio" name="bulk-scope" value="ids" checked={scope === "ids"} disabled={!selected.length} onChange={() => setScope("ids")} />
              <span>{selected.length ? `The ${countOf(selected.length, "selected link")}` : "Selected links (none selected)"}</span>
            </label>
            <label className="bulk-edit-radio">
              <input type="radio" name="bulk-scope" value="filter" checked={scope === "filter"} disabled={!filter} onChange={() => setScope("filter")} />
              <span>
                {filter ? `All ${countOf(matching, "link")} matching the list's filters` : "All links matching the list's filters"}
                <span className="field-hint bulk-edit-filters">{filter ? filterSummary(filter, groupName) : "Search or filter the list first to edit every link that matches."}</span>
              </span>
            </label>
          </fieldset>
          <BulkEditFields state={state} set={edit} groups={groups} problem={problem} disabled={busy !== null} />
          {problem?.field === "change" ? <p className="field-error" role="alert">{problem.message}</p> : null}
          {/* Enter in a text box previews, as the footer's button does. */}
          <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        </form>
      ) : (
        <div ref={heading} tabIndex={-1} className="bulk-edit-summary" data-testid={`bulk-edit-${step}`}>
          <Outcome result={(result ?? preview)!} groupName={groupName} />
        </div>
      )}
    </Dialog>
  );
}

function filterSummary(filter: ListFilter, groupName: (id: string | null) => string): string {
  return (Object.keys(FILTER_LABELS) as Array<keyof ListFilter>)
    .filter((name) => filter[name])
    .map((name) => `${FILTER_LABELS[name]}: ${name === "groupId" ? groupName(filter.groupId ?? null) : name === "search" ? `“${filter.search}”` : filter[name]}`)
    .join(" · ");
}

function Outcome({ result, groupName }: { result: Result; groupName: (id: string | null) => string }) {
  const unchanged = result.matched - result.changed - result.failedCount;
  if (result.matched === 0) {
    return <Alert tone="warning"><strong>No link matches.</strong> Change the list&apos;s filters or the selection, then try again.</Alert>;
  }
  const counts = [
    result.dryRun ? `${countOf(result.matched, "link")} ${byCount(result.matched, { one: "matches", other: "match" })}` : null,
    `${countOf(result.changed, "link")} ${result.dryRun ? "would change" : "changed"}`,
    unchanged > 0 ? `${countOf(unchanged, "link")} already as asked` : null,
    result.failedCount > 0 ? `${result.failedCount.toLocaleString("en-US")} ${result.dryRun ? "can't be changed" : "failed"}` : null,
  ].filter(Boolean).join(" · ");
  return (
    <div className="bulk-edit-outcome">
      <Alert tone={result.failedCount ? "warning" : "info"}>
        <strong>{counts}.</strong>
        {result.dryRun && result.changed === 0 ? " Nothing to apply: change something else, or go back and choose other links." : null}
        {!result.dryRun ? " The list behind this dialog already shows them as they are now." : null}
      </Alert>
      {result.dryRun && result.sample.length ? (
        <section aria-labelledby="bulk-edit-sample">
          <h3 className="bulk-edit-subtitle" id="bulk-edit-sample">{result.sample.length < result.changed ? `What changes on the first ${result.sample.length} (newest first)` : "What changes"}</h3>
          <ul className="bulk-edit-sample">
            {result.sample.map((link) => (
              <li key={link.id}>
                <span className="bulk-edit-url">{link.url.replace(/^https?:\/\//, "")}</span>
                <dl>{differences(link, groupName)}</dl>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {result.failed.length ? (
        <section aria-labelledby="bulk-edit-failed">
          <h3 className="bulk-edit-subtitle" id="bulk-edit-failed">{result.dryRun ? "Would be left unchanged" : "Left unchanged"}</h3>
          <ul className="bulk-details">
            {result.failed.slice(0, 5).map((failure) => (
              <li key={failure.id}>
                {failure.url.replace(/^https?:\/\//, "")}: {humanMessage({ code: failure.code, message: failure.error }, { label: "The new address" })}
              </li>
            ))}
            {result.failedCount > 5 ? <li>and {countOf(result.failedCount - 5, "more link")}</li> : null}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** The fields that differ, old → new. */
function differences(link: Result["sample"][number], groupName: (id: string | null) => string) {
  const { before, after } = link;
  const rows: Array<[string, string, string]> = [];
  const tags = (list: string[]) => (list.length ? list.join(", ") : "no tags");
  const status = (active: boolean) => (active ? "active" : "paused");
  if (!before || before.destination !== after.destination) rows.push(["Destination", before?.destination ?? "", after.destination]);
  if (before && tags(before.tags) !== tags(after.tags)) rows.push(["Tags", tags(before.tags), tags(after.tags)]);
  if (before && before.groupId !== after.groupId) rows.push(["Group", groupName(before.groupId), groupName(after.groupId)]);
  if (before && before.isActive !== after.isActive) rows.push(["Status", status(before.isActive), status(after.isActive)]);
  if (before && before.expiresAt !== after.expiresAt) rows.push(["Expiry", when(before.expiresAt), when(after.expiresAt)]);
  return rows.map(([label, old, next]) => (
    <div key={label} className="bulk-edit-diff">
      <dt>{label}</dt>
      <dd>
        {old ? <><del>{old}</del> <span aria-hidden="true">→</span><span className="visually-hidden"> becomes </span> </> : null}
        <ins>{next}</ins>
      </dd>
    </div>
  ));
}
