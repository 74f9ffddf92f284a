import { workaroundOn } from "../config";
import { errorFields, log } from "../log";
// Keeps one of Node's tick objects alive as it loads (see the module); later than server.ts can.
import "./keep-tick-shape";
import { entry, markEntry, startServices } from "./services";
import { stampEveryRequest, type ConnectAnswer, type RequestScreen } from "./stamp-requests";

// Hop run by Next itself (`next start`, `next dev`, a platform): instrumentation.ts `register`
// calls this once, and Next holds every request until it returns — so the database is open and
// migrated before the first request, as under server.ts. Under server.ts it does nothing: that
// process started the services itself and its fast path answers visitors.

export async function startWithoutServer(screen: RequestScreen, answerConnect: ConnectAnswer): Promise<void> {
  if (entry() === "server.ts") return;
  markEntry("next");
  if (workaroundOn("requestStamp")) stampEveryRequest(screen, answerConnect);
  const stopServices = await startServices();
  // Next's own SIGTERM/SIGINT handler stops accepting, lets requests in flight finish, then calls
  // process.exit. Hooking that exit keeps the order server.ts has: no more visits, then the event
  // queue and counters written, then the database closed.
  const exit = process.exit.bind(process);
  let exiting = false;
  const stopThenExit = (code?: number | string | null) => {
    if (exiting) return;
    exiting = true;
    void stopServices()
      .catch((error: unknown) => log.error("stop failed", errorFields(error)))
      .finally(() => exit(code ?? 0));
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      log.info("stopping", { signal });
      if (workaroundOn("exitHook")) process.exit = stopThenExit as typeof process.exit;
      // With NEXT_MANUAL_SIG_HANDLE Next leaves signals alone; then this is the only handler.
      if (process.listenerCount(signal) === 1) stopThenExit(0);
    });
  }
  log.info("ready without server.ts", { door: "proxy.ts" });
}
