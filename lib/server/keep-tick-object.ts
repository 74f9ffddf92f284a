import { executionAsyncResource } from "node:async_hooks";
import { log } from "../log";

// Node builds every process.nextTick's tick object from one object literal with computed keys
// (`{ [async_id_symbol]: …, [trigger_async_id_symbol]: …, callback, args }`). V8 records, per key,
// the hidden class (map) the object had before it — weakly. Tick objects live for a moment, so
// after a full garbage collection that finds none alive, those maps are freed; the next tick
// builds new ones, the recorded entries no longer match, and V8 marks the literal megamorphic for
// good: from then on optimized code builds every tick object through the runtime. Node's HTTP
// path makes several ticks per request, so such a process serves every visitor slower
// (docs/decisions/012-node-and-next-workarounds.md; still so on Node 24).
// Holding one tick object keeps its map and, through its back pointers, every map before it
// alive, so the recorded entries stay valid. Run as early as possible: server.ts imports this
// module before anything else, so before the configuration is read; HOP_WORKAROUND_TICK_OBJECT=off
// is honoured when the tick runs (process.env) and by server.ts once the configuration is read.

let kept: object | undefined;
let asked = false;

/**
 * The start-up self-test: what `executionAsyncResource()` returns inside a tick callback is the
 * tick object (the callback and Node's async id symbols). When not, one warning, nothing kept.
 */
export function checkTickObject(resource: unknown): resource is object {
  const fits = typeof resource === "object" && resource !== null && typeof (resource as { callback?: unknown }).callback === "function" && Object.getOwnPropertySymbols(resource).length >= 2;
  if (!fits) log.warn("workaround not installed: this Node's tick objects are not what it keeps", { workaround: "HOP_WORKAROUND_TICK_OBJECT" });
  return fits;
}

/** Keeps one tick object for the life of the process (once; the tick runs at the next turn). */
export function keepTickObject(): void {
  if (asked) return;
  asked = true;
  process.nextTick(() => {
    if (process.env.HOP_WORKAROUND_TICK_OBJECT === "off") return;
    const resource = executionAsyncResource();
    if (checkTickObject(resource)) kept = resource;
  });
}

/** Lets the kept tick object go (HOP_WORKAROUND_TICK_OBJECT=off, read from the configuration). */
export function releaseTickObject(): void {
  kept = undefined;
}

/** The tick object kept (undefined until the tick ran, or when none is kept). */
export function keptTickObject(): object | undefined {
  return kept;
}

keepTickObject();
