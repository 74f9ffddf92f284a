import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
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

async function deliver(db: Db, delivery: Claimed): Promise<void> {
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const outcome = await post(delivery.url, {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    "webhook-id": delivery.id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatureOf(delivery.secret, delivery.id, timestamp, body),
  }, body);
  const now = new Date();
  const attempts = delivery.attempts + 1;
  const statusCode = "status" in outcome ? outcome.status : null;
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
    await db.$transaction([
      db.webhookDelivery.update({ where: { id: delivery.id }, data: { status: "delivered", attempts, lastStatusCode: statusCode, lastError: null, deliveredAt: now, lockedUntil: null } }),
      db.webhook.update({ where: { id: delivery.webhookId }, data: { failingSince: null } }),
    ]);
    return;
  }
  const delays = config().webhookRetryDelaysS;
  const retry = attempts <= delays.length;
  await db.webhookDelivery.update({
    where: { id: delivery.id },
    data: {
      status: retry ? "pending" : "failed",
      attempts,
      lastStatusCode: statusCode,
      lastError: "error" in outcome ? outcome.error : `answered ${statusCode}`,
      nextAttemptAt: retry ? new Date(now.getTime() + delays[attempts - 1] * 1000) : now,
      lockedUntil: null,
    },
  });
  await db.$executeRaw`UPDATE "Webhook" SET "failingSince" = COALESCE("failingSince", ${now}) WHERE id = ${delivery.webhookId}`;
  await db.$executeRaw`
    UPDATE "Webhook" SET "isActive" = false, "disabledReason" = ${"Switched off after 7 days in which every delivery failed. Fix the receiver, then re-enable it."}
    WHERE id = ${delivery.webhookId} AND "isActive" AND "failingSince" <= ${new Date(now.getTime() - DISABLE_AFTER_MS)}`;
}

/** Claims what is due and sends it; the number claimed. */
export async function deliverDue(db: Db, now = new Date()): Promise<number> {
  const claimed = await claimDue(db, now);
  await Promise.all(
    claimed.map((delivery) =>
      deliver(db, delivery).catch((error: unknown) => log.warn("webhook delivery could not be recorded", { delivery: delivery.id, ...errorFields(error) })),
    ),
  );
  return claimed.length;
}

/** The worker: a pass every WEBHOOK_POLL_MS (at once again while passes are full); the answer stops it. */
export function startWebhookWorker(openDb: () => Promise<Db>): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const pass = async () => {
    try {
      const db = await openDb();
      while (!stopped && (await deliverDue(db)) === CLAIM_BATCH);
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
