import { executionAsyncResource } from "node:async_hooks";

// Node builds every process.nextTick's tick object from one object literal with computed keys
// (`{ [async_id_symbol]: …, [trigger_async_id_symbol]: …, callback, args }`). V8 records, per key,
// the hidden class (map) the object had before it — weakly. Tick objects live for a moment, so
// after a full garbage collection that finds none alive, those maps are freed; the next tick
// builds new ones, the recorded entries no longer match, and V8 marks the literal megamorphic for
// good: from then on optimized code builds every tick object through the runtime (its property
// lookups and map transitions, and more garbage). Node's HTTP path makes several ticks per
// request, so a process that collected at such a moment — about one start in three, more on
// PostgreSQL, where startup collects more — served a cached redirect at ~13–15 µs of CPU
// instead of ~9–11 (docs/architecture.md, "Sixth pass"). Holding one tick object keeps its map
// and, through its back pointers, every map before it alive, so the recorded entries stay valid.
// Run as early as possible: server.ts imports this module before anything else.

let kept: object | undefined;
let asked = false;

/** Keeps one tick object for the life of the process (once; the tick runs at the next turn). */
export function keepTickShape(): void {
  // Runs before the configuration is read (lib/config.ts validates the variable later).
  if (asked || process.env.HOP_WORKAROUND_TICK_SHAPE === "off") return;
  asked = true;
  process.nextTick(() => {
    kept = executionAsyncResource();
  });
}

/** The tick object kept (undefined until the tick ran). */
export function keptTickObject(): object | undefined {
  return kept;
}

keepTickShape();
