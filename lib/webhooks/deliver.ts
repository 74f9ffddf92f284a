import { noteDatabaseFailure } from "../db/outage";
import { createHmac } from "node:crypto";
import { countWebhookDelivery } from "../metrics/counters";
import { config, tunable } from "../config";
import type { Db } from "../db/open";
import { errorFields, log } from "../log";
import { post } from "./post";

// The delivery worker, one per instance. Due deliveries are claimed with a lease (`lockedUntil`,
// WEBHOOK_LEASE_MS) taken with FOR UPDATE SKIP LOCKED, so several instances never send one
// delivery twice at once, and the lease is renewed while the attempt runs. Each is POSTed as
// Standard Webhooks says: headers webhook-id, webhook-timestamp and webhook-signature (v1,
// HMAC-SHA256 over "<id>.<timestamp>.<body>" keyed with the secret's bytes). Any 2xx is delivered;
// anything else is tried again after the next of WEBHOOK_RETRY_DELAYS, then failed. No redirect
// is followed. A webhook failing for 7 days on end is switched off. A crash loses nothing: an
// unfinished claim runs out and the delivery is due again.
//
// Slots, not passes: an instance has MAX_IN_FLIGHT attempts running at most, a webhook
// PER_WEBHOOK across instances, and a slot is claimed again as soon as one ends — so one slow
// receiver holds at most PER_WEBHOOK slots for at most WEBHOOK_DEADLINE_MS each, and every other
// webhook's deliveries go on around it. Each outcome is written when its attempt ends.

const MAX_IN_FLIGHT = 20;
const PER_WEBHOOK = 4;
const BACKLOG_PAUSE_MS = 50;
const DISABLE_AFTER_MS = 7 * 24 * 60 * 60_000;
const USER_AGENT = "Hop-Webhooks/1";

interface Claimed {
  id: string;
  webhookId: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret: string;
}

/** `v1,<base64>` for one attempt (Standard Webhooks). */
export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** Up to `slots` due deliveries, oldest first, no webhook past PER_WEBHOOK leased at once. */
async function claimDue(db: Db, now: Date, slots: number): Promise<Claimed[]> {
  return db.$queryRaw<Claimed[]>`
    WITH busy AS (
      SELECT "webhookId", count(*)::int AS n FROM "WebhookDelivery"
      WHERE status = 'pending' AND "lockedUntil" >= ${now} GROUP BY "webhookId"
    ), pick AS (
      SELECT x.id FROM "Webhook" w LEFT JOIN busy b ON b."webhookId" = w.id
      CROSS JOIN LATERAL (
        SELECT d.id FROM "WebhookDelivery" d
        WHERE d."webhookId" = w.id AND d.status = 'pending' AND d."nextAttemptAt" <= ${now} AND (d."lockedUntil" IS NULL OR d."lockedUntil" < ${now})
        ORDER BY d."nextAttemptAt" LIMIT GREATEST(0, ${PER_WEBHOOK}::int - COALESCE(b.n, 0))
      ) x
      WHERE w."isActive"
    ), due AS (
      -- Checked again here: READ COMMITTED re-reads a row another claim just committed, and only
      -- this statement's own conditions are checked against the new version.
      SELECT d.id FROM "WebhookDelivery" d
      WHERE d.id IN (SELECT id FROM pick) AND d.status = 'pending' AND (d."lockedUntil" IS NULL OR d."lockedUntil" < ${now})
      ORDER BY d."nextAttemptAt" LIMIT ${slots}
      FOR UPDATE OF d SKIP LOCKED
    )
    UPDATE "WebhookDelivery" d SET "lockedUntil" = ${new Date(now.getTime() + tunable("WEBHOOK_LEASE_MS"))}
    FROM due, "Webhook" w
    WHERE d.id = due.id AND w.id = d."webhookId"
    RETURNING d.id, d."webhookId", d.payload, d.attempts, w.url, w.secret`;
}

interface Outcome {
  id: string;
  webhookId: string;
  status: "delivered" | "pending" | "failed";
  attempts: number;
  code: number | null;
  error: string | null;
  /** Epoch milliseconds of the next attempt (pending), else of now. */
  next: number;
}

/** One attempt of one delivery, and what it left to record. */
async function attempt(delivery: Claimed): Promise<Outcome> {
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const outcome = await post(delivery.url, {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    "webhook-id": delivery.id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatureOf(delivery.secret, delivery.id, timestamp, body),
  }, body);
  const now = Date.now();
  const attempts = delivery.attempts + 1;
  const code = "status" in outcome ? outcome.status : null;
  if (code !== null && code >= 200 && code < 300) return { id: delivery.id, webhookId: delivery.webhookId, status: "delivered", attempts, code, error: null, next: now };
  const delays = config().webhookRetryDelaysS;
  const retry = attempts <= delays.length;
  return {
    id: delivery.id,
    webhookId: delivery.webhookId,
    status: retry ? "pending" : "failed",
    attempts,
    code,
    error: "error" in outcome ? outcome.error : `answered ${code}`,
    next: retry ? now + delays[attempts - 1] * 1000 : now,
  };
}

// Outcomes that end while a write is under way are written together by the next one: on PGlite
// every statement runs on the server's own thread, beside the visitors.
const RECORD_OUTCOMES = `UPDATE "WebhookDelivery" d SET status = x.status, attempts = x.attempts, "lastStatusCode" = x.code, "lastError" = x.error,
    "nextAttemptAt" = to_timestamp(x.next / 1000.0) AT TIME ZONE 'UTC', "deliveredAt" = CASE WHEN x.status = 'delivered' THEN to_timestamp(x.next / 1000.0) AT TIME ZONE 'UTC' END, "lockedUntil" = NULL
  FROM json_to_recordset($1::json) AS x(id text, status text, attempts int, code int, error text, next float8) WHERE d.id = x.id`;

/** A success ends the webhook's failure streak; failures only start it, or switch the webhook off after 7 days of it. */
async function recordStreaks(db: Db, outcomes: Outcome[], now: Date): Promise<void> {
  const succeeded = [...new Set(outcomes.filter((o) => o.status === "delivered").map((o) => o.webhookId))];
  const failed = [...new Set(outcomes.filter((o) => o.status !== "delivered").map((o) => o.webhookId))].filter((id) => !succeeded.includes(id));
  if (succeeded.length) await db.$executeRaw`UPDATE "Webhook" SET "failingSince" = NULL WHERE id = ANY(${succeeded}::text[]) AND "failingSince" IS NOT NULL`;
  if (!failed.length) return;
  await db.$executeRaw`UPDATE "Webhook" SET "failingSince" = COALESCE("failingSince", ${now}) WHERE id = ANY(${failed}::text[])`;
  await db.$executeRaw`
    UPDATE "Webhook" SET "isActive" = false, "disabledReason" = ${"Switched off after 7 days in which every delivery failed. Fix the receiver, then re-enable it."}
    WHERE id = ANY(${failed}::text[]) AND "isActive" AND "failingSince" <= ${new Date(now.getTime() - DISABLE_AFTER_MS)}`;
}

/** An instance's running attempts: their leases kept alive, their outcomes written as they end. */
class Deliverer {
  private readonly running = new Map<string, Promise<void>>();
  private queued: Array<{ outcome: Outcome; written: () => void }> = [];
  private writing: Promise<void> | null = null;
  private renewal: NodeJS.Timeout | undefined;

  constructor(private readonly db: Db, private readonly onEnd: () => void = () => {}) {}

  get size(): number {
    return this.running.size;
  }

  /** Claims up to `slots` and starts them without waiting; the number claimed. */
  async claimAndStart(now: Date, slots: number): Promise<number> {
    const claimed = await claimDue(this.db, now, slots);
    for (const delivery of claimed) {
      const run = attempt(delivery)
        .then((outcome) => this.record(outcome))
        .finally(() => {
          this.running.delete(delivery.id);
          if (!this.running.size) this.stopRenewing();
          this.onEnd();
        });
      this.running.set(delivery.id, run);
    }
    if (claimed.length) this.startRenewing();
    return claimed.length;
  }

  /** Resolves when every attempt started so far has ended and been written. */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all(this.running.values());
  }

  private record(outcome: Outcome): Promise<void> {
    countWebhookDelivery(outcome.status === "pending" ? "retry" : outcome.status);
    return new Promise((written) => {
      this.queued.push({ outcome, written });
      this.writing ??= this.writeQueued().finally(() => (this.writing = null));
    });
  }

  private async writeQueued(): Promise<void> {
    while (this.queued.length) {
      const batch = this.queued.splice(0);
      const outcomes = batch.map((entry) => entry.outcome);
      try {
        await this.db.$executeRawUnsafe(RECORD_OUTCOMES, JSON.stringify(outcomes));
        await recordStreaks(this.db, outcomes, new Date());
      } catch (error) {
        // The claims run out and the deliveries are sent again: at least once, never lost.
        if (!noteDatabaseFailure(error)) log.warn("webhook deliveries could not be recorded", { deliveries: outcomes.length, ...errorFields(error) });
      }
      for (const entry of batch) entry.written();
    }
  }

  // A third of the lease between renewals: two can fail before another instance may claim.
  private startRenewing(): void {
    if (this.renewal) return;
    const leaseMs = tunable("WEBHOOK_LEASE_MS");
    this.renewal = setInterval(() => {
      const ids = [...this.running.keys()];
      if (!ids.length) return;
      this.db.$executeRaw`UPDATE "WebhookDelivery" SET "lockedUntil" = ${new Date(Date.now() + leaseMs)} WHERE id = ANY(${ids}::text[]) AND status = 'pending' AND "lockedUntil" IS NOT NULL`
        .catch((error: unknown) => void (noteDatabaseFailure(error) || log.warn("webhook leases could not be renewed", { deliveries: ids.length, ...errorFields(error) })));
    }, Math.floor(leaseMs / 3));
    this.renewal.unref();
  }

  private stopRenewing(): void {
    clearInterval(this.renewal);
    this.renewal = undefined;
  }
}

/** Claims what is due (up to MAX_IN_FLIGHT), sends it, each outcome written as it ends; the number claimed. */
export async function deliverDue(db: Db, now = new Date()): Promise<number> {
  const deliverer = new Deliverer(db);
  const claimed = await deliverer.claimAndStart(now, MAX_IN_FLIGHT);
  await deliverer.idle();
  return claimed;
}

/** The worker: claims every WEBHOOK_POLL_MS, and again BACKLOG_PAUSE_MS after an attempt ends (a slot is free); the answer stops it. */
export function startWebhookWorker(openDb: () => Promise<Db>): () => Promise<void> {
  let stopped = false;
  let deliverer: Deliverer | null = null;
  let claiming: Promise<void> | null = null;
  let again = false;
  let poll: NodeJS.Timeout | undefined;
  let soon: NodeJS.Timeout | undefined;

  const claimSoon = () => {
    if (stopped || soon) return;
    soon = setTimeout(() => {
      soon = undefined;
      claim();
    }, BACKLOG_PAUSE_MS);
    soon.unref();
  };
  const claim = () => {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = (async () => {
      const db = await openDb();
      // An ended attempt frees a slot, its webhook's too: what waits goes out without waiting a poll.
      deliverer ??= new Deliverer(db, claimSoon);
      const free = MAX_IN_FLIGHT - deliverer.size;
      if (free > 0) await deliverer.claimAndStart(new Date(), free);
    })()
      // An unreachable database is the outage's to report (lib/db/outage), not a line a second.
      .catch((error: unknown) => void (noteDatabaseFailure(error) || log.warn("webhook worker pass failed", errorFields(error))))
      .finally(() => {
        claiming = null;
        if (again) {
          again = false;
          claimSoon();
        }
      });
  };
  const schedule = () => {
    if (stopped) return;
    poll = setTimeout(() => {
      claim();
      schedule();
    }, tunable("WEBHOOK_POLL_MS"));
    poll.unref();
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(poll);
    clearTimeout(soon);
    await claiming;
    await deliverer?.idle();
  };
}
