import { startWebhookWorker } from "../webhooks/deliver";
import { ensureAuthSecret } from "../auth/secret";
import { relayFlushed, startInvalidationRelay, stopInvalidationRelay } from "../cache/redis-relay";
import { ownerOnlyUmask, tightenDataDir } from "./private-files";
import { config } from "../config";
import { closeDb, db, dbMode } from "../db/open";
import { holdInstanceLock } from "../db/instance-lock";
import { dnsSetupProblem } from "../domains/dns-setup";
import { startDomainMaintenance } from "../domains/recheck-domains";
import { startDraftSweep } from "../drafts/lifetime";
import { startAuditSweep } from "../audit/retention";
import { startSignupSweep } from "../websites/subscribers";
import { startLinkHealthSweep } from "../links/health-sweep";
import { drainEvents, resumeSpool } from "../events/flush-events";
import { noteDatabaseFailure } from "../db/outage";
import { warmGeo } from "../geoip/lookup";
import { errorFields, log } from "../log";
import { closeRedis } from "../redis/client";
import { peekShared, shared } from "../shared";
import { flushUsage, startUsageTracking } from "../usage/track-usage";
import { openClickCapConnection } from "../visit/click-cap";
import { snapshotSourceReady, startLinkSnapshots } from "../visit/link-snapshot";
import { startDaySalts } from "../visit/visitor-day";
import { keepBackgroundThreadsLow } from "../threads";

// What runs around the requests, whichever entry point they come through: server.ts (the fast path in
// front of Next) or Next itself (`next start`, `next dev`, a platform's Next runtime), where
// instrumentation.ts `register` starts the same services. One list, so the two modes cannot drift.

export type Entry = "server.ts" | "next";

/**
 * server.ts calls this before Next prepares, so instrumentation.ts (which Next runs inside the
 * custom server too) knows the services are already running and the fast path answers visitors.
 */
export function markEntry(entry: Entry): void {
  shared("entry", () => entry);
}

export function entry(): Entry | undefined {
  return peekShared<Entry>("entry");
}

/** The database, retried every second while it can't be reached (the outage's lines say so, lib/db/outage). */
async function waitForDatabase(): ReturnType<typeof db> {
  for (;;) {
    try {
      return await db();
    } catch (error) {
      if (!noteDatabaseFailure(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

/** A failure that ends the process as a failed start does (a migration that can't be applied). */
function fatal(error: unknown): never {
  log.error("failed to start", errorFields(error));
  process.stderr.write(`Hop did not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

/**
 * Starts what runs around the requests; the answer stops it all, writing what is queued first.
 * The database is opened (and migrated) first when it answers. When it can't be reached (a restart
 * during an outage, a PostgreSQL still booting) the server listens anyway and answers visitors from
 * the link snapshot (lib/visit/link-snapshot); the work that needs the database starts when it
 * answers, and the spool a crash left is written then. Any other failure (a bad migration) ends it.
 */
export async function startServices(): Promise<() => Promise<void>> {
  // next start does not run load-env.ts: the umask is set here too, before the database opens.
  ownerOnlyUmask();
  const stopThreadScan = keepBackgroundThreadsLow();
  const stopSnapshots = await startLinkSnapshots();
  await startInvalidationRelay();
  await startUsageTracking();
  openClickCapConnection();
  let stopped = false;
  let stopDraftSweep = () => {};
  let stopAuditSweep = () => {};
  let stopDaySalts = () => {};
  let stopSignupSweep = () => {};
  let stopDomainMaintenance = async () => {};
  let stopWebhookWorker = async () => {};
  let stopLinkHealth = async () => {};
  let releaseInstanceLock = async () => {};
  const startDatabaseWork = async (database: Awaited<ReturnType<typeof db>>) => {
    if (stopped) return;
    snapshotSourceReady();
    stopDraftSweep = await startDraftSweep(database);
    stopAuditSweep = await startAuditSweep(database);
    stopDaySalts = await startDaySalts(database);
    stopSignupSweep = await startSignupSweep(database);
    // Once the database is open: what an older version left, and what PGlite wrote opening it.
    tightenDataDir(config().dataDir);
    // On PostgreSQL: tells a restore (from any host) that this instance is connected.
    if (dbMode() === "postgres") releaseInstanceLock = await holdInstanceLock();
    // Events a process left in the spool (it died while the database was away) are written now.
    void resumeSpool();
    // After the relay, so a domain that loses verification is announced to every instance.
    stopDomainMaintenance = startDomainMaintenance(db);
    stopWebhookWorker = startWebhookWorker(db);
    stopLinkHealth = startLinkHealthSweep(db);
  };
  try {
    await startDatabaseWork(await db());
  } catch (error) {
    if (!noteDatabaseFailure(error)) throw error;
    void waitForDatabase().then(startDatabaseWork).catch(fatal);
  }
  ensureAuthSecret();
  // next-auth builds its own URLs from the request's host unless NEXTAUTH_URL pins one: with
  // APP_URL set it is that; otherwise the dashboard works on whatever address it was opened at.
  if (config().appUrlFromEnv) process.env.NEXTAUTH_URL ??= config().appUrl;
  else process.env.AUTH_TRUST_HOST ??= "true";
  warmGeo();
  const dnsProblem = dnsSetupProblem();
  if (dnsProblem) log.warn(dnsProblem.message, { set: dnsProblem.variables });
  let stopping: Promise<void> | null = null;
  return () =>
    (stopping ??= (async () => {
      stopped = true;
      stopThreadScan();
      await stopSnapshots();
      stopDraftSweep();
      stopAuditSweep();
      stopDaySalts();
      stopSignupSweep();
      await stopLinkHealth();
      await stopWebhookWorker();
      await flushUsage();
      // A database that is down at shutdown gets a few seconds to return before queued events are lost.
      await drainEvents(5_000);
      await stopDomainMaintenance();
      await releaseInstanceLock();
      await closeDb();
      // What PGlite wrote while open (its relation cache files) is closed again before the next start.
      tightenDataDir(config().dataDir, { quiet: true });
      await relayFlushed();
      await stopInvalidationRelay();
      await closeRedis();
    })());
}
