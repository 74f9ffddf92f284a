import { AsyncLocalStorage } from "node:async_hooks";
import type { ServerResponse } from "node:http";

// Next and React keep a request's context in AsyncLocalStorage instances. Before Node's
// AsyncContextFrame (Node 24's default), every enabled instance runs in an async_hooks callback
// for every async resource the process creates: each nextTick, socket write and timer of every
// request, a visitor's too, though the visitor path never reads a context. Measured on a bare
// node:http server: 0.4 µs per enabled instance per request (a dashboard visit leaves five
// enabled: 2 µs on a 11 µs redirect; docs/architecture.md, "Fifth pass"). So once the app has had
// no request in flight for a quiet spell, the instances that ran are disabled; the next request's
// `run` enables them again (Node's documented behaviour of `disable()`), so Next sees no change.

/** How long the app must be idle before its contexts are put to rest. */
export const QUIET_CONTEXTS_MS = 1_000;

const ran = new Set<AsyncLocalStorage<unknown>>();
let tracking = false;

/**
 * Node's hook-based AsyncLocalStorage has a per-instance propagation step; the AsyncContextFrame
 * one (Node 24) has none and costs nothing per resource, so there is nothing to put to rest.
 */
export function contextsCostPerResource(): boolean {
  return typeof (AsyncLocalStorage.prototype as unknown as { _propagate?: unknown })._propagate === "function";
}

/** From now on, every instance that enters a context (run, enterWith) is remembered. */
export function trackContexts(): void {
  if (tracking || !contextsCostPerResource()) return;
  tracking = true;
  const proto = AsyncLocalStorage.prototype;
  const run = proto.run;
  const enterWith = proto.enterWith;
  proto.run = function (this: AsyncLocalStorage<unknown>) {
    ran.add(this);
    // eslint-disable-next-line prefer-rest-params -- forwards whatever Node's run takes
    return Reflect.apply(run, this, arguments);
  } as typeof proto.run;
  proto.enterWith = function (this: AsyncLocalStorage<unknown>, store: unknown) {
    ran.add(this);
    return enterWith.call(this, store);
  };
}

/** Disables every remembered instance that is enabled; how many it disabled. */
export function restContexts(): number {
  let rested = 0;
  for (const storage of ran) {
    if ((storage as unknown as { enabled?: boolean }).enabled === true) rested += 1;
    storage.disable();
  }
  ran.clear();
  return rested;
}

export interface AppActivity {
  /** A request of the app's began; returns what ends it (call it once its work is over). */
  begin: () => () => void;
  /**
   * A request whose work is over when both its response closed and `work` settled: a client
   * that hangs up early closes the response while the handler may still be running.
   */
  during: (res: ServerResponse, work: Promise<unknown>) => void;
  readonly inFlight: number;
}

/**
 * Counts the app's requests in flight; `quietMs` after the last one ended with none begun since,
 * calls `onQuiet` (by default, `restContexts`). The timer never keeps the process alive.
 */
export function appActivity(quietMs = QUIET_CONTEXTS_MS, onQuiet: () => void = restContexts): AppActivity {
  let inFlight = 0;
  let timer: NodeJS.Timeout | undefined;
  const settle = () => {
    timer = undefined;
    if (inFlight === 0) onQuiet();
  };
  const activity: AppActivity = {
    begin() {
      inFlight += 1;
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
      }
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        inFlight -= 1;
        if (inFlight === 0) timer = setTimeout(settle, quietMs).unref();
      };
    },
    during(res, work) {
      const end = activity.begin();
      let open = 2;
      const settled = () => {
        open -= 1;
        if (open === 0) end();
      };
      res.once("close", settled);
      work.then(settled, settled);
    },
    get inFlight() {
      return inFlight;
    },
  };
  return activity;
}
