// Hop's HTTP entry point: one node:http server in front of Next's request handler. It opens the
// database (applying migrations) before listening, serves the loopback admin endpoint for the CLI,
// and flushes queued counters on SIGTERM/SIGINT. Visitor hot paths are answered here, before Next:
// this is the fast path. Without this file (`next start`) proxy.ts is the visitor entry point and
// instrumentation.ts starts the same services (lib/server/services.ts); see docs/architecture.md.
// First: keeps the shape of Node's tick objects alive before anything collects (see the module).
import { releaseTickObject } from "./lib/server/keep-tick-object";
// Then: .env files and the configuration, checked before any module reads it.
import "./lib/server/load-env";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { attachClientIp } from "./lib/net/client-ip";
import { ADMIN_PATH, adminSecret, handleAdminRequest, removeServerRecord, writeServerRecord } from "./lib/cli/admin";
import { config, workaroundOn } from "./lib/config";
import { dbMode } from "./lib/db/open";
import { errorFields, log, routeConsoleToLog, withoutCredentials } from "./lib/log";
import { markEntry, startServices } from "./lib/server/services";
import { handleVisit } from "./lib/visit/node-handler";
import { KEEP_ALIVE_MS } from "./lib/http/prepared-response";
import { noteRequestArrival } from "./lib/http/arrivals";
import { screenBeforeNext } from "./lib/server/before-next";
import { answerConnect, answerUnparsableRequest } from "./lib/server/refused-requests";
import { startMetricsListener } from "./lib/server/metrics-listener";
import { trustProxyHostWarning } from "./lib/net/proxy-trust";
import { API, APP, countResponse } from "./lib/metrics/counters";

const root = path.dirname(fileURLToPath(import.meta.url));

/** The app's responses (API and dashboard) for /metrics; the visitor entry point counts its own. */
function countWhenWritten(req: http.IncomingMessage, res: http.ServerResponse): void {
  const arrived = performance.now();
  const surface = req.url?.startsWith("/v1/") || req.url === "/v1" ? API : APP;
  res.once("finish", () => countResponse(surface, res.statusCode, (performance.now() - arrived) / 1000));
}

async function main(): Promise<void> {
  const dev = process.argv.includes("--dev");
  if (!dev) routeConsoleToLog();
  const { port, host } = config();
  // Before Next prepares: instrumentation.ts sees it and leaves the services to this process, and
  // proxy.ts skips its visitor entry point (every visitor request was answered here, before Next).
  markEntry("server.ts");
  if (!workaroundOn("tickObject")) releaseTickObject();
  const stopServices = await startServices();
  adminSecret();
  const app = next({ dev, dir: root, hostname: host, port });
  const handle = app.getRequestHandler();
  await app.prepare();

  // The app's requests (what the visitor path hands on). One function for the server's life: a
  // closure made per request costs the visitor path (docs/decisions/025-no-allocation-per-visit.md).
  const toNext = (req: http.IncomingMessage, res: http.ServerResponse) => {
    countWhenWritten(req, res);
    attachClientIp(req);
    // Next answers an undecodable path with a plain-text 500 before any route or page runs.
    if (screenBeforeNext(req, res)) return;
    void handle(req, res).catch((error: unknown) => {
      log.error("request failed", { url: req.url, ...errorFields(error) });
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end("Internal error");
    });
  };
  const server = http.createServer((req, res) => {
    noteRequestArrival();
    if (req.url?.startsWith(ADMIN_PATH)) return void handleAdminRequest(req, res);
    // /metrics is the metrics listener's alone: here it is a path like any other (the 404 page).
    handleVisit(req, res, toNext);
  });
  server.on("clientError", answerUnparsableRequest);
  // Without a listener Node drops a CONNECT's connection unanswered.
  server.on("connect", answerConnect);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  const proxyWarning = trustProxyHostWarning(config().proxyTrust, host);
  if (proxyWarning) log.warn(proxyWarning);
  const metrics = await startMetricsListener();
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const actualPort = (server.address() as { port: number }).port;
  writeServerRecord({ pid: process.pid, port: actualPort });
  log.info("listening", { url: `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${actualPort}`, port: actualPort, db: dbMode(), redis: Boolean(config().redisUrl) });
  const { appUrl, appUrlFromEnv } = config();
  const openAt = appUrlFromEnv || port !== 0 ? appUrl : `http://localhost:${actualPort}`;
  // One write, so whoever waits for the first line (tests, scripts) also has the address.
  const metricsLine = metrics ? `Hop metrics on ${config().metricsHost} port ${metrics.port}\n` : "";
  process.stdout.write(`${metricsLine}Hop listening on port ${actualPort}\nHop is running: open ${openAt}\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("stopping", { signal });
    server.close();
    server.closeAllConnections();
    metrics?.close();
    removeServerRecord();
    await stopServices();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  log.error("failed to start", errorFields(error));
  // Also in plain words on stderr: an operator reading a terminal or `journalctl` sees why at once.
  process.stderr.write(`Hop did not start: ${withoutCredentials(error instanceof Error ? error.message : String(error))}\n`);
  process.exit(1);
});
