// Hop's HTTP entry point: one node:http server in front of Next's request handler. It opens the
// database (applying migrations) before listening, serves the loopback admin endpoint for the CLI,
// and flushes queued counters on SIGTERM/SIGINT. Visitor hot paths are answered here, before Next.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import nextEnv from "@next/env";
import next from "next";
import { stampClientIp } from "./lib/net/client-ip";
import { ensureAuthSecret } from "./lib/auth/secret";
import { ADMIN_PATH, adminSecret, handleAdminRequest, removeServerRecord, writeServerRecord } from "./lib/cli/admin";
import { config } from "./lib/config";
import { closeDb, db, dbMode } from "./lib/db/open";
import { startDomainMaintenance } from "./lib/domains/recheck-domains";
import { startDraftSweep } from "./lib/drafts/lifetime";
import { errorFields, log } from "./lib/log";
import { relayFlushed, startInvalidationRelay, stopInvalidationRelay } from "./lib/cache/redis-relay";
import { closeRedis } from "./lib/redis/client";
import { drainEvents } from "./lib/events/record";
import { warmGeo } from "./lib/geoip/lookup";
import { flushUsage, startUsageTracking } from "./lib/usage/track-usage";
import { handleVisit } from "./lib/visit/node-handler";
import { answerUnparsableRequest, isApiPath, settleRawApiRequest } from "./lib/api/raw-request";

const root = path.dirname(fileURLToPath(import.meta.url));
process.env.HOP_ROOT ??= root;
// .env files apply to this process too (config() reads them), not only to Next's side.
nextEnv.loadEnvConfig(root, process.argv.includes("--dev"));

async function main(): Promise<void> {
  const dev = process.argv.includes("--dev");
  const { port, host } = config();
  const stopDraftSweep = await startDraftSweep(await db());
  await startInvalidationRelay();
  await startUsageTracking();
  // After the relay, so a domain that loses verification is announced to every instance.
  const stopDomainMaintenance = startDomainMaintenance(db);
  adminSecret();
  ensureAuthSecret();
  // next-auth builds its own URLs from the request's host unless NEXTAUTH_URL pins one: with
  // APP_URL set it is that; otherwise the dashboard works on whatever address it was opened at.
  if (config().appUrlFromEnv) process.env.NEXTAUTH_URL ??= config().appUrl;
  else process.env.AUTH_TRUST_HOST ??= "true";
  warmGeo();
  const app = next({ dev, dir: root, hostname: host, port });
  const handle = app.getRequestHandler();
  await app.prepare();

  const server = http.createServer((req, res) => {
    if (req.url?.startsWith(ADMIN_PATH)) return void handleAdminRequest(req, res);
    handleVisit(req, res, () => {
      stampClientIp(req);
      if (isApiPath(req.url ?? "") && settleRawApiRequest(req, res)) return;
      handle(req, res).catch((error: unknown) => {
        log.error("request failed", { url: req.url, ...errorFields(error) });
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
        res.end("Internal error");
      });
    });
  });
  server.on("clientError", answerUnparsableRequest);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const actualPort = (server.address() as { port: number }).port;
  writeServerRecord({ pid: process.pid, port: actualPort });
  log.info("listening", { url: `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${actualPort}`, port: actualPort, db: dbMode(), redis: Boolean(config().redisUrl) });
  const { appUrl, appUrlFromEnv } = config();
  const openAt = appUrlFromEnv || port !== 0 ? appUrl : `http://localhost:${actualPort}`;
  // One write, so whoever waits for the first line (tests, scripts) also has the address.
  process.stdout.write(`Hop listening on port ${actualPort}\nHop is running: open ${openAt}\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("stopping", { signal });
    stopDraftSweep();
    server.close();
    server.closeAllConnections();
    await flushUsage();
    // A database that is down at shutdown gets a few seconds to return before queued events are lost.
    await drainEvents(5_000);
    await stopDomainMaintenance();
    removeServerRecord();
    await closeDb();
    await relayFlushed();
    await stopInvalidationRelay();
    await closeRedis();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  log.error("failed to start", errorFields(error));
  process.exit(1);
});
