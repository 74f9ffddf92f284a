import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { countWebhookDelivery } from "../metrics/counters";
import { config, tunable } from "../config";
import type { Db } from "../db/open";
import { errorFields, log } from "../log";
import { isNonPublicAddress, publicLookup } from "./outbound-address";

// The delivery worker, one per instance: every WEBHOOK_POLL_MS it claims the deliveries that are
// due — a lease (`lockedUntil`) taken with FOR UPDATE SKIP LOCKED, so several instances never send
// one delivery twice at once — and POSTs each as Standard Webhooks says: headers webhook-id,
// webhook-timestamp and webhook-signature (v1, HMAC-SHA256 over "<id>.<timestamp>.<body>" keyed
// with the secret's bytes). Any 2xx is delivered; anything else is tried again after the next of
// WEBHOOK_RETRY_DELAYS, then failed. No redirect is followed. A webhook failing for 7 days on end
// is switched off. A crash loses nothing: an unfinished claim runs out and the delivery is due again.

const CLAIM_BATCH = 20;
const BACKLOG_PAUSE_MS = 50;
const LEASE_MS = 60_000;
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

async function claimDue(db: Db, now: Date): Promise<Claimed[]> {
  return db.$queryRaw<Claimed[]>`
    WITH due AS (
      SELECT d.id FROM "WebhookDelivery" d JOIN "Webhook" w ON w.id = d."webhookId"
      WHERE d.status = 'pending' AND d."nextAttemptAt" <= ${now} AND (d."lockedUntil" IS NULL OR d."lockedUntil" < ${now}) AND w."isActive"
      ORDER BY d."nextAttemptAt" LIMIT ${CLAIM_BATCH}
      FOR UPDATE OF d SKIP LOCKED
    )
    UPDATE "WebhookDelivery" d SET "lockedUntil" = ${new Date(now.getTime() + LEASE_MS)}
    FROM due, "Webhook" w
    WHERE d.id = due.id AND w.id = d."webhookId"
    RETURNING d.id, d."webhookId", d.payload, d.attempts, w.url, w.secret`;
}

/** One POST; the status code, or the reason it failed before an answer. */
function post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number } | { error: string }> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ error: "the URL is not valid" });
    }
    const host = target.hostname.replace(/^\[|\]$/g, "");
    if (isIP(host) && !config().webhookAllowPrivate && isNonPublicAddress(host)) return resolve({ error: `${host} is not a public address` });
    const client = target.protocol === "https:" ? https : http;
    const req = client.request(target, { method: "POST", headers: { ...headers, "content-length": String(Buffer.byteLength(body)) }, agent: false, lookup: publicLookup as never, timeout: tunable("WEBHOOK_TIMEOUT_MS") }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
      res.on("error", () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on("timeout", () => req.destroy(new Error(`no answer within ${tunable("WEBHOOK_TIMEOUT_MS")} ms`)));
    req.on("error", (error) => resolve({ error: error.message.slice(0, 300) }));
    req.end(body);
  });
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

// A pass's outcomes are written in three statements, whatever their number: on PGlite every
// statement runs on the server's own thread, beside the visitors.
const RECORD_OUTCOMES = `UPDATE "WebhookDelivery" d SET status = x.status, attempts = x.attempts, "lastStatusCode" = x.code, "lastError" = x.error,
    "nextAttemptAt" = to_timestamp(x.next / 1000.0) AT TIME ZONE 'UTC', "deliveredAt" = CASE WHEN x.status = 'delivered' THEN to_timestamp(x.next / 1000.0) AT TIME ZONE 'UTC' END, "lockedUntil" = NULL
  FROM json_to_recordset($1::json) AS x(id text, status text, attempts int, code int, error text, next float8) WHERE d.id = x.id`;

/** A success ends the webhook's failure streak; a pass of failures only starts it, or switches the webhook off after 7 days of it. */
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

/** Claims what is due, sends it all at once, and records the outcomes; the number claimed. */
export async function deliverDue(db: Db, now = new Date()): Promise<number> {
  const claimed = await claimDue(db, now);
  if (!claimed.length) return 0;
  const outcomes = await Promise.all(claimed.map(attempt));
  for (const outcome of outcomes) countWebhookDelivery(outcome.status === "pending" ? "retry" : outcome.status);
  try {
    await db.$executeRawUnsafe(RECORD_OUTCOMES, JSON.stringify(outcomes));
    await recordStreaks(db, outcomes, new Date());
  } catch (error) {
    // The claims run out and the deliveries are sent again: at least once, never lost.
    log.warn("webhook deliveries could not be recorded", { deliveries: claimed.length, ...errorFields(error) });
  }
  return claimed.length;
}

/** The worker: a pass every WEBHOOK_POLL_MS (again after BACKLOG_PAUSE_MS while passes are full); the answer stops it. */
export function startWebhookWorker(openDb: () => Promise<Db>): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const pass = async () => {
    try {
      const db = await openDb();
      // A backlog goes out a batch at a time with a breath between batches: on PGlite each batch's
      // statements share the thread with the visitors.
      while (!stopped && (await deliverDue(db)) === CLAIM_BATCH) await new Promise((resolve) => setTimeout(resolve, BACKLOG_PAUSE_MS));
    } catch (error) {
      log.warn("webhook worker pass failed", errorFields(error));
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().finally(() => {
        running = null;
        schedule();
      });
    }, tunable("WEBHOOK_POLL_MS"));
    timer.unref();
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
