"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { BulkOutcome as Outcome, DashboardBulkBody } from "@/lib/links/dashboard-bulk";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { send } from "../ui/request";
import { byCount, countOf } from "@/lib/text/plural";

type Action = DashboardBulkBody["action"];

const DONE: Record<Action, string> = { activate: "activated", deactivate: "deactivated", delete: "deleted", move: "moved" };

/**
 * Acts on the selected rows through the bulk use cases and reports each part of the outcome;
 * "Edit in bulk" opens the form for the selection or, with none, for every link the filters match.
 */
export function BulkBar({ selected, groups, onDone, onEdit, matching }: {
  selected: string[];
  groups: Array<{ id: string; name: string }>;
  onDone: () => void;
  onEdit: () => void;
  /** How many links the list's filters match; null when the list is not filtered. */
  matching: number | null;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [groupId, setGroupId] = useState("");
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [outcome, setOutcome] = useState<{ action: Action; result: Outcome } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(action: Action) {
    setBusy(true);
    setError(null);
    const result = await send<Outcome>("POST", "/api/dashboard/links/bulk", { action, links: selected, groupId: action === "move" ? groupId || null : undefined });
    setBusy(false);
    setConfirmDelete(false);
    if (!result.ok) return setError(result.error.message);
    setOutcome({ action, result: result.data });
    onDone();
    router.refresh();
  }

  const none = selected.length === 0;
  // The toolbar appears with the first selected row or a filter (its outcome stays after it), so an
  // unfiltered table starts right under the filters.
  if (none && !outcome && !error && !matching) return null;
  return (
    <div className="bulk-area">
      {none && matching ? (
        <div className="bulk-bar" role="toolbar" aria-label="Bulk actions">
          <span className="bulk-count">{countOf(matching, "link")} {byCount(matching, { one: "matches", other: "match" })} the filters</span>
          <Button size="sm" variant="secondary" onClick={onEdit}>
            Edit all {matching.toLocaleString("en-US")} in bulk…
          </Button>
        </div>
      ) : null}
      {none ? null : (
        <div className="bulk-bar" role="toolbar" aria-label="Bulk actions">
          <span className="bulk-count" aria-live="polite">
            {none ? "Select links to act on several at once" : `${selected.length} selected`}
          </span>
          <Button size="sm" variant="secondary" disabled={none || busy} onClick={() => run("activate")}>
            Activate
          </Button>
          <Button size="sm" variant="secondary" disabled={none || busy} onClick={() => run("deactivate")}>
            Deactivate
          </Button>
          <label className="visually-hidden" htmlFor="bulk-group">
            Group to move the selected links to
          </label>
          <select id="bulk-group" className="select select-sm" value={groupId} onChange={(event) => setGroupId(event.target.value)} disabled={none || busy}>
            <option value="">No group</option>
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </select>
          <Button size="sm" variant="secondary" disabled={none || busy} onClick={() => run("move")}>
            Move to group
          </Button>
          <Button size="sm" variant="secondary" disabled={none || busy} onClick={onEdit}>
            Edit in bulk…
          </Button>
          <Button size="sm" variant="danger-outline" disabled={none || busy} onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        </div>
      )}
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {outcome ? <BulkOutcome action={outcome.action} result={outcome.result} /> : null}
      <Dialog
        id="bulk-delete"
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={`Delete ${countOf(selected.length, "link")}?`}
        description="Their short URLs stop working at once. This cannot be undone."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
            <Button variant="danger" disabled={busy} onClick={() => run("delete")}>
              {busy ? "Deleting…" : "Delete"}
            </Button>
          </>
        }
      />
    </div>
  );
}

function BulkOutcome({ action, result }: { action: Action; result: Outcome }) {
  const tone = result.failed.length ? "warning" : "info";
  return (
    <div role="status" data-testid="bulk-outcome">
      <Alert tone={tone}>
        <strong>
          {result.successful.length} {DONE[action]}, {result.failed.length} failed, {result.skipped.length} skipped.
        </strong>
        {result.failed.length || result.skipped.length ? (
          <ul className="bulk-details">
            {result.failed.map((f) => (
              <li key={`f-${f.identifier}`}>
                {f.identifier}: {f.error === "ACTIVE_LINK_LIMIT_REACHED" ? "the plan's active-link limit is reached" : f.error.replaceAll("_", " ").toLowerCase()}
              </li>
            ))}
            {result.skipped.map((s) => (
              <li key={`s-${s.identifier}`}>
                {s.identifier}: skipped ({s.reason})
              </li>
            ))}
          </ul>
        ) : null}
      </Alert>
    </div>
  );
}
