import Link from "next/link";
import type { ReactNode } from "react";
import { escapeHtml } from "@/lib/html/escape";
import { Table } from "../../ui/table";

// A ranked table with a bar per row (a <progress>, so no inline style is needed under the CSP).

export interface BarRow {
  label: string;
  value: number;
  /** A flag or symbol before the label, hidden from screen readers. */
  icon?: ReactNode;
  /** Where a click on the label leads (the page filtered by the row). */
  href?: string;
}

export function BarTable({ caption, labelHeader, valueHeader = "Views", rows, empty }: { caption: string; labelHeader: string; valueHeader?: string; rows: BarRow[]; empty: string }) {
  if (!rows.length) return <p className="muted-note">{empty}</p>;
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  const max = Math.max(...rows.map((row) => row.value), 1);
  return (
    <Table
      caption={caption}
      head={
        <tr>
          <th scope="col">{labelHeader}</th>
          <th scope="col" className="bar-col">
            <span className="visually-hidden">Share</span>
          </th>
          <th scope="col" className="num">{valueHeader}</th>
          <th scope="col" className="num">%</th>
        </tr>
      }
    >
      {rows.map((row) => (
        <tr key={row.href ?? row.label}>
          <td>
            {row.icon}
            {row.href ? (
              <Link href={row.href} className="bar-filter" title={`Show only ${row.label}`}>
                {row.label}
              </Link>
            ) : (
              row.label
            )}
          </td>
          <td className="bar-col">
            <progress className="bar" max={max} value={row.value} aria-hidden="true" />
          </td>
          <td className="num">{row.value.toLocaleString("en-US")}</td>
          <td className="num">{total ? `${Math.round((row.value / total) * 1000) / 10}%` : "—"}</td>
        </tr>
      ))}
    </Table>
  );
}

/** A small line of daily clicks (one button's), with the clicks of each day on hover; one markup string, as the chart. */
export function Sparkline({ points, label }: { points: Array<{ date: string; clicks: number }>; label: string }) {
  const max = Math.max(1, ...points.map((p) => p.clicks));
  const step = points.length > 1 ? 100 / (points.length - 1) : 0;
  const x = (i: number) => (points.length > 1 ? i * step : 50).toFixed(1);
  const y = (clicks: number) => (22 - (clicks / max) * 20).toFixed(1);
  const d = points.map((p, i) => `${i ? "L" : "M"}${x(i)},${y(p.clicks)}`).join(" ");
  const dots = points.map((p, i) => `<circle cx="${x(i)}" cy="${y(p.clicks)}" r="1.6"><title>${escapeHtml(`${p.date}: ${p.clicks} clicks`)}</title></circle>`).join("");
  const svg = `<svg class="sparkline" viewBox="0 0 100 24" preserveAspectRatio="none" role="img" aria-label="${escapeHtml(`${label}: daily clicks`)}"><path d="${d}"/>${dots}</svg>`;
  return <div dangerouslySetInnerHTML={{ __html: svg }} />;
}
