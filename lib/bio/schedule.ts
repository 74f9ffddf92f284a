import { list, obj, str } from "./data";

// Scheduled blocks: any block may carry `schedule: { start?, end? }` (ISO 8601 instants, stored in
// UTC). It is shown from `start` (inclusive) until `end` (exclusive); outside that window the page
// is drawn without it, its button is not reachable through `?hop_go`, not counted by the beacon,
// and its form takes no posts. A kept page (lib/visit/rendered-pages) is valid between the edges
// around the time it was drawn (scheduleSpan), so it changes at each edge with no publish.

/** The block's window in ms since the epoch; a missing or unreadable side is open. */
export function blockWindow(block: unknown): { start: number; end: number } {
  const schedule = obj(obj(block).schedule);
  const start = Date.parse(str(schedule.start));
  const end = Date.parse(str(schedule.end));
  return { start: Number.isNaN(start) ? -Infinity : start, end: Number.isNaN(end) ? Infinity : end };
}

/** Whether the block is shown at `now` (a block without a schedule always is). */
export function shownAt(block: unknown, now: number): boolean {
  const { start, end } = blockWindow(block);
  return start <= now && now < end;
}

/** Whether the block has a start or an end. */
export function isScheduled(block: unknown): boolean {
  const { start, end } = blockWindow(block);
  return start !== -Infinity || end !== Infinity;
}

/**
 * The span around `now` in which no block of the page appears or disappears: from the last edge
 * at or before `now` to the next edge after it (±Infinity when there is none). A page drawn at
 * `now` is the same page at every instant of the span.
 */
export function scheduleSpan(data: unknown, now: number): { from: number; until: number } {
  let from = -Infinity;
  let until = Infinity;
  for (const block of list(obj(data).links)) {
    const { start, end } = blockWindow(block);
    for (const edge of [start, end]) {
      if (!Number.isFinite(edge)) continue;
      if (edge <= now) from = Math.max(from, edge);
      else until = Math.min(until, edge);
    }
  }
  return { from, until };
}
