import { workaroundOn } from "../config";
import { log, routeConsoleToLog } from "../log";
// Keeps one of Node's tick objects alive as it loads (see the module); later than server.ts can.
import { releaseTickObject } from "./keep-tick-object";
import { stopOnSignals } from "./next-shutdown";
import { entry, markEntry, startServices } from "./services";
import { hookEveryRequest, type ConnectAnswer, type RequestScreen } from "./hook-requests";

// Hop run by Next itself (`next start`, `next dev`, a platform): instrumentation.ts `register`
// calls this once, and Next holds every request until it returns — so the database is open and
// migrated before the first request, as under server.ts. Under server.ts it does nothing: that
// process started the services itself and its fast path answers visitors.

export async function startWithoutServer(screen: RequestScreen, answerConnect: ConnectAnswer): Promise<void> {
  if (entry() === "server.ts") return;
  markEntry("next");
  if (process.env.NODE_ENV === "production") routeConsoleToLog();
  if (!workaroundOn("tickObject")) releaseTickObject();
  if (workaroundOn("requestHook")) hookEveryRequest(screen, answerConnect);
  const stopServices = await startServices();
  stopOnSignals(stopServices);
  log.info("ready without server.ts", { entry: "proxy.ts" });
}
