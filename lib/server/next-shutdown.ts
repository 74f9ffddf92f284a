import { channel } from "node:diagnostics_channel";
import type { Server } from "node:http";
import { workaroundOn } from "../config";
import { errorFields, log } from "../log";

// SIGTERM/SIGINT under `next start`, in the order server.ts keeps: no more visits, then the event
// queue and counters written, then the database closed. Preferred: NEXT_MANUAL_SIG_HANDLE set in
// `next start`'s environment — Next then registers no signal handler, and Hop closes Next's server
// itself (known from its first request through Node's public `http.server.request.start` channel),
// waits for the requests in flight, stops the services and exits. Without it, Next's own handler
// does the first step and then calls process.exit, which would lose what is queued: the
// workaround holds that exit until the services stopped (HOP_WORKAROUND_EXIT_HOOK=off lets Next
// exit at once).

const SIGNALS = ["SIGTERM", "SIGINT"] as const;

/**
 * The exit hook's self-test: process.exit is a writable function (it is replaced while stopping).
 * When not, one warning, and Next's exit is left alone.
 */
export function checkExitHook(target: object = process): boolean {
  const exit = Object.getOwnPropertyDescriptor(target, "exit");
  const fits = typeof exit?.value === "function" && exit.writable === true;
  if (!fits) log.warn("workaround not installed: process.exit cannot be held on this Node", { workaround: "HOP_WORKAROUND_EXIT_HOOK" });
  return fits;
}

/** Remembers the first server that emits a request (Next makes one), then stops listening. */
function watchForServer(): () => Server | undefined {
  let server: Server | undefined;
  const requests = channel("http.server.request.start");
  const seen = (message: unknown) => {
    server = (message as { server: Server }).server;
    requests.unsubscribe(seen);
  };
  requests.subscribe(seen);
  return () => server;
}

export function stopOnSignals(stopServices: () => Promise<void>): void {
  const server = watchForServer();
  const holdExit = workaroundOn("exitHook") && checkExitHook();
  const exit = process.exit.bind(process);
  let exiting = false;
  const stopThenExit = (code?: number | string | null) => {
    if (exiting) return;
    exiting = true;
    void stopServices()
      .catch((error: unknown) => log.error("stop failed", errorFields(error)))
      .finally(() => exit(code ?? 0));
  };
  let signalled = false;
  for (const signal of SIGNALS) {
    process.on(signal, () => {
      // A shell's Ctrl+C can deliver SIGINT twice; the first one decides.
      if (signalled) return;
      signalled = true;
      log.info("stopping", { signal });
      if (process.listenerCount(signal) === 1) {
        // Next left the signal to Hop (NEXT_MANUAL_SIG_HANDLE): stop accepting, let requests finish.
        const open = server();
        if (!open?.listening) return stopThenExit(0);
        open.close(() => stopThenExit(0));
        open.closeIdleConnections();
      } else if (holdExit) {
        process.exit = stopThenExit as typeof process.exit;
      } else {
        log.warn("events queued since the last flush are lost: set NEXT_MANUAL_SIG_HANDLE=1 for next start", { signal });
      }
    });
  }
}
