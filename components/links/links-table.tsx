"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { LinkPageRow } from "@/lib/links/list-links-page";
import { send } from "../ui/request";
import { toast } from "../ui/toast";
import { RowMenu } from "../ui/row-menu";
import { Table } from "../ui/table";
import { BulkBar } from "./bulk-bar";
import { BulkEditDialog, type ListFilter } from "./bulk-edit-dialog";
import { CopyIconButton } from "./copy-icon-button";
import { QrDialog } from "./qr-panel";

export type LinkRow = Pick<LinkPageRow, "id" | "url" | "destination" | "title" | "tags" | "groupId" | "isActive" | "type" | "clicks30d" | "expired" | "expiresAt" | "hasPassword" | "startsAt" | "notLiveYet" | "maxClicks" | "health">;

export function LinksTable({
  links,
  groups,
  groupNames,
  readOnly,
  filter,
  matching,
}: {
  links: LinkRow[];
  groups: Array<{ id: string; name: string }>;
  groupNames: Record<string, string>;
  readOnly: boolean;
  /** The list's filters (null: none), for "Edit in bulk" on every link they match. */
  filter: ListFilter | null;
  matching: number;
}) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState(false);
  const [qrFor, setQrFor] = useState<LinkRow | null>(null);
  const allSelected = links.length > 0 && links.every((link) => selected.has(link.id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <>
      {readOnly ? null : <BulkBar selected={[...selected]} groups={groups} onDone={() => setSelected(new Set())} onEdit={() => setEditing(true)} matching={filter ? matching : null} />}
      {editing ? (
        <BulkEditDialog open onClose={() => setEditing(false)} onApplied={() => setSelected(new Set())} selected={[...selected]} filter={filter} matching={matching} groups={groups} />
      ) : null}
      <Table
        caption="Links"
        className="links-table"
        head={
          <tr>
            <th scope="col" className="col-check">
              <input
                type="checkbox"
                aria-label="Select all links on this page"
                checked={allSelected}
                disabled={readOnly}
                onChange={() => setSelected(allSelected ? new Set() : new Set(links.map((link) => link.id)))}
              />
              <span className="phone-only select-all-note" aria-hidden="true">
                Select all
              </span>
            </th>
            <th scope="col">Short link and destination</th>
            <th scope="col">Tags and group</th>
            <th scope="col" className="num">30-day clicks</th>
            <th scope="col">Active</th>
            <th scope="col" className="actions">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        }
      >
        {links.map((link) => (
          <tr key={link.id} data-link-id={link.id} className={link.isActive ? undefined : "row-inactive"}>
            <td className="col-check">
              <input type="checkbox" aria-label={`Select ${link.url}`} checked={selected.has(link.id)} disabled={readOnly} onChange={() => toggle(link.id)} />
            </td>
            <td className="link-main">
              <div className="cell-title link-short">
                <span className="link-url">{link.url.replace(/^https?:\/\//, "")}</span>
                <CopyIconButton value={link.url} label={`Copy ${link.url}`} />
                {link.expired ? <span className="badge badge-warning">Expired</span> : link.expiresAt ? <span className="badge" title={`Expires ${link.expiresAt}`}>Expires</span> : null}
                {link.hasPassword ? <span className="badge">Password</span> : null}
                {link.notLiveYet ? <span className="badge" title={`Starts ${link.startsAt}`}>Not live yet</span> : null}
                {link.health.state === "broken" ? <span className="badge badge-danger" title={brokenReason(link.health)}>{link.health.status ? `Broken · ${link.health.status}` : "Broken"}</span> : null}
                {link.maxClicks !== null ? <span className="badge" title={`Acts as expired after ${link.maxClicks.toLocaleString("en-US")} visits`}>Limit {link.maxClicks.toLocaleString("en-US")}</span> : null}
              </div>
              <div className="cell-sub link-sub" title={link.destination ?? undefined}>
                {link.title ? <span className="link-title">{link.title}</span> : null}
                <span className="link-destination">→ {link.destination || (link.type === "website" ? "website" : "—")}</span>
              </div>
            </td>
            <td className="link-tags">
              <div className="tag-list">
                {link.tags.map((tag) => (
                  <span className="badge" key={tag}>
                    {tag}
                  </span>
                ))}
                {link.groupId ? <span className="badge badge-accent">{groupNames[link.groupId] ?? "Group"}</span> : null}
                {link.tags.length === 0 && !link.groupId ? <span className="cell-sub">—</span> : null}
              </div>
            </td>
            <td className="num link-clicks">
              <Link href={analyticsHref(link.id)} aria-label={`${link.clicks30d.toLocaleString("en-US")} clicks in 30 days: analytics of ${link.url}`}>
                {link.clicks30d.toLocaleString("en-US")}
                <span className="phone-only"> clicks in 30 days</span>
              </Link>
            </td>
            <td className="link-active">
              {/* Keyed by the stored state: a bulk change or another tab's shows at the next render. */}
              <ActiveSwitch key={String(link.isActive)} id={link.id} url={link.url} active={link.isActive} disabled={readOnly} />
            </td>
            <td className="actions">
              <div className="inline-actions">
                <Link className="btn btn-secondary btn-sm" href={`/links/${encodeURIComponent(link.id)}`} aria-label={`${readOnly ? "View" : "Edit"} ${link.url}`}>
                  {readOnly ? "View" : "Edit"}
                </Link>
                <RowMenu
                  label={`More for ${link.url}`}
                  items={[
                    { onSelect: () => setQrFor(link), text: "QR code" },
                    { href: analyticsHref(link.id), text: "Analytics" },
                    ...(readOnly || link.type !== "deeplink" ? [] : [{ href: `/links/new?from=${encodeURIComponent(link.id)}`, text: "Duplicate" }]),
                  ]}
                />
              </div>
            </td>
          </tr>
        ))}
      </Table>
      {qrFor ? (
        <QrDialog
          id={qrFor.id}
          url={qrFor.url}
          open
          onClose={() => {
            // The menu item that opened it is gone with the menu: focus goes back to the row's menu
            // button, once the modal has left (while it is open the rest of the page is inert).
            const trigger = document.querySelector<HTMLElement>(`tr[data-link-id="${CSS.escape(qrFor.id)}"] .row-menu-button`);
            setQrFor(null);
            setTimeout(() => trigger?.focus(), 0);
          }}
        />
      ) : null}
    </>
  );
}

const analyticsHref = (id: string) => `/analytics/link?id=${encodeURIComponent(id)}`;

/** The API's status toggle; a refusal (the active-link limit) is shown under the switch. */
function ActiveSwitch({ id, url, active, disabled }: { id: string; url: string; active: boolean; disabled: boolean }) {
  const router = useRouter();
  const [on, setOn] = useState(active);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="switch-cell">
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          disabled={disabled || busy}
          aria-label={`Active: ${url}`}
          aria-describedby={error ? `status-error-${id}` : undefined}
          onChange={async (event) => {
            const next = event.target.checked;
            setOn(next);
            setBusy(true);
            setError(null);
            const result = await send("PATCH", `/api/dashboard/links/${encodeURIComponent(id)}/status`, { setActive: next });
            setBusy(false);
            if (!result.ok) {
              setOn(!next);
              return setError(result.error.message);
            }
            toast(next ? `${url} is on: visitors are sent on` : `${url} is off: visitors get the "not found" page`);
            router.refresh();
          }}
        />
        <span className="switch-track" aria-hidden="true" />
      </label>
      {error ? (
        <p className="field-error switch-error" id={`status-error-${id}`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What the last check found, for the Broken badge's tooltip. */
function brokenReason(health: LinkRow["health"]): string {
  const found = health.status ? `answered ${health.status}` : (health.error ?? "no answer");
  // The stored instant as text, the same on the server and in the browser (no time-zone mismatch).
  return `Destination ${found}${health.checkedAt ? ` (checked ${health.checkedAt.slice(0, 16).replace("T", " ")} UTC)` : ""}`;
}
