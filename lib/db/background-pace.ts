import { requestArrivals } from "../http/arrivals";
import { shared } from "../shared";
import { dbMode } from "./open";

// Background work that shares the server with its visitors (an import's rows, a backup's copy)
// goes in slices. On the embedded database every statement runs on the server's own thread, so
// after a slice during which requests arrived the work rests as long as the slice took: visitors
// get at least half of the thread however big the job. With nobody else asking, resting would
// only make the job twice as long: a slice then only yields, as on PostgreSQL, where the
// statements run elsewhere. One slice at a time in the whole process: two accounts' imports take
// turns instead of adding up.

/** Lets the requests waiting on sockets run before the next slice of work. */
export function yieldToVisitors(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

const sliceSlot = () => shared("backgroundSliceSlot", () => ({ busy: false, waiting: [] as Array<() => void> }));

/** Runs one slice of background work in the process's single slot, then rests (see above); its result, how long it ran, and whether requests arrived meanwhile. */
export async function backgroundSlice<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; contended: boolean }> {
  const slot = sliceSlot();
  if (slot.busy) await new Promise<void>((resolve) => slot.waiting.push(resolve));
  else slot.busy = true;
  const started = performance.now();
  const arrivedBefore = requestArrivals();
  let value: T;
  let ms: number;
  let contended: boolean;
  try {
    value = await work();
  } finally {
    ms = performance.now() - started;
    contended = await arrivedSince(arrivedBefore);
    if (dbMode() === "embedded" && contended) await new Promise((resolve) => setTimeout(resolve, Math.min(ms, 250)));
    const next = slot.waiting.shift();
    if (next) next();
    else slot.busy = false;
  }
  return { value, ms, contended };
}

/**
 * Whether requests arrived since the count was `before`, asked after the event loop has polled
 * its sockets once: a request is counted when its socket is read, and on the embedded database a
 * slice's statements run without giving the loop a turn, so those that came meanwhile are read
 * only now. Two turns: a slice that ended in the poll phase reaches the next poll only after the
 * check phase, where the first turn ends.
 */
async function arrivedSince(before: number): Promise<boolean> {
  await yieldToVisitors();
  await yieldToVisitors();
  return requestArrivals() !== before;
}

/** Calls `step` for each item, yielding to visitors after every `sliceMs` of it (CPU-only loops, e.g. checking an import's rows). */
export async function forEachSliced<T>(items: readonly T[], step: (item: T, index: number) => Promise<void> | void, sliceMs = 8): Promise<void> {
  let sliceStart = performance.now();
  for (let index = 0; index < items.length; index += 1) {
    await step(items[index], index);
    if (performance.now() - sliceStart >= sliceMs) {
      await yieldToVisitors();
      sliceStart = performance.now();
    }
  }
}
