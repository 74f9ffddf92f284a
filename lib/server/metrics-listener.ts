import http from "node:http";
import { config } from "../config";
import { errorFields, log } from "../log";
import { answerMetrics, METRICS_PATH, metricsAllowed } from "./metrics";

// /metrics on a listener of its own (METRICS_PORT on METRICS_HOST, 127.0.0.1 by default), never on
// the public port: a reverse proxy that forwards to the public port without forwarding headers
// (or a platform's own) made the metrics public when they were answered there to loopback peers.
// Here a loopback peer reads them; any other needs `Authorization: Bearer $METRICS_TOKEN` (which
// config.ts requires for a METRICS_HOST beyond loopback). Anything else is a plain 404.

/** Starts the metrics listener when METRICS_PORT is set; its port (0 picks a free one), or null. */
export async function startMetricsListener(): Promise<{ port: number; close: () => void } | null> {
  const { metricsPort, metricsHost } = config();
  if (metricsPort === undefined) return null;
  const server = http.createServer((req, res) => {
    if (req.url !== METRICS_PATH || !metricsAllowed(req)) {
      req.resume();
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      return void res.end("Not found\n");
    }
    void answerMetrics(req, res).catch((error: unknown) => {
      log.error("metrics failed", errorFields(error));
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end("Internal error");
    });
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(metricsPort, metricsHost, resolve);
  });
  const port = (server.address() as { port: number }).port;
  return { port, close: () => (server.close(), server.closeAllConnections()) };
}
