import { startWebhookWorker } from "../webhooks/deliver";
import { ensureAuthSecret } from "../auth/secret";
import { relayFlushed, startInvalidationRelay, stopInvalidationRelay } from "../cache/redis-relay";
import { config } from "../config";
import { closeDb, db } from "../db/open";
import { dnsSetupProblem } from "../domains/dns-setup";
import { startDomainMaintenance } from "../domains/recheck-domains";
import { startDraftSweep } from "../drafts/lifetime";
import { drainEvents, resumeSpool } from "../events/record";
import { isDatabaseUnavailable } from "../db/unavailable";
import { warmGeo } from "../geoip/lookup";
import { errorFields, log } from "../log";
import { closeRedis } from "../redis/client";
import { peekShared, shared } from "../shared";
import { flushUsage, startUsageTracking } from "../usage/track-usage";

// What runs around the requests, whichever door they come through: server.ts (the fast path in
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

/**
 * A database that can't be reached at start (a restart after a crash, a PostgreSQL still booting)
 * is waited for, retried every second and logged every 10 s, rather than ending the start: the
 * spool a crash left is written once it answers. Any other failure (a bad migration) ends it.
 */
async function waitForDatabase(): ReturnType<typeof db> {
  let lastLog = 0;
  for (;;) {
    try {
      return await db();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      if (Date.now() - lastLog >= 10_000) {
        lastLog = Date.now();
        log.warn("database unavailable at start; waiting for it", { ...errorFields(error) });
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

/**
 * Opens the database (applying migrations) before anything is served, then starts the background
 * work; the answer stops it all, writing what is queued first.
 */
export async function startServices(): Promise<() => Promise<void>> {
  const stopDraftSweep = await startDraftSweep(await waitForDatabase());
  // Events a process left in the spool (it died while the database was away) are written now.
  void resumeSpool();
  await startInvalidationRelay();
  await startUsageTracking();
  // After the relay, so a domain that loses verification is announced to every instance.
  const stopDomainMaintenance = startDomainMaintenance(db);
  const stopWebhookWorker = startWebhookWorker(db);
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
      stopDraftSweep();
      await stopWebhookWorker();
      await flushUsage();
      // A database that is down at shutdown gets a few seconds to return before queued events are lost.
      await drainEvents(5_000);
      await stopDomainMaintenance();
      await closeDb();
      await relayFlushed();
      await stopInvalidationRelay();
      await closeRedis();
    })());
}
