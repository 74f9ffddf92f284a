import type { Block } from "./model";

// Scheduled blocks in the editor: the page stores instants in UTC (ISO 8601); the owner types and
// reads them in the browser's own time zone (a datetime-local field has no zone).

const pad = (n: number) => String(n).padStart(2, "0");

/** An ISO instant as a datetime-local value in this browser's zone ("" when unset or unreadable). */
export function toLocalInput(iso: string | null | undefined): string {
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime())) return "";
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A datetime-local value (this browser's zone) as an ISO instant; undefined when empty or unreadable. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

export function isScheduledBlock(block: Block): boolean {
  return Boolean(block.schedule?.start || block.schedule?.end);
}

const format = (iso: string) => new Date(iso).toLocaleString(undefined, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

/** The window in words, in this browser's zone: "1 Dec, 09:00 – 3 Dec, 18:00", "from 1 Dec, 09:00", "until …". */
export function windowText(block: Block): string {
  const { start, end } = block.schedule ?? {};
  if (start && end) return `${format(start)} – ${format(end)}`;
  if (start) return `from ${format(start)}`;
  return end ? `until ${format(end)}` : "";
}

/** Where `at` stands against the block's window: before it, in it, or after it. */
export function windowState(block: Block, at: number): "upcoming" | "showing" | "ended" {
  const { start, end } = block.schedule ?? {};
  if (start && at < Date.parse(start)) return "upcoming";
  if (end && at >= Date.parse(end)) return "ended";
  return "showing";
}
