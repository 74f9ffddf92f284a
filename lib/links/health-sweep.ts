import { randomUUID } from "node:crypto";
import { config, tunable } from "../config";
import { backgroundSlice } from "../db/background-pace";
import { releaseJobLease, takeJobLease } from "../db/job-lease";
import type { Db } from "../db/open";
import { noteDatabaseFailure } from "../db/outage";
import { errorFields, log } from "../log";
import { enqueueWebhookEvents } from "../webhooks/outbox";
import { checkDestination, type CheckResult } from "./check-destination";
import { sendHealthDigests } from "./health-digest";
import { toLinkObject } from "./link-object";

// The link-health sweep (docs/link-health.md): every LINK_HEALTH_SWEEP_MS the instance holding the
// "link-health" lease (lib/db/job-lease.ts; one instance at a time, another takes over when it
// lapses) checks the active links whose check is due, oldest first. Each account's links on one
// destination host get at most LINK_HEALTH_PER_HOST_PER_MINUTE checks in any minute: the rest stay
// due for a later pass, so a customer with 10,000 links to one shop never sends it a burst. The
// database work goes in background slices (lib/db/background-pace.ts): on the embedded database it
// shares the server's thread with the visitors. A link that turns broken gets a link.broken event,
// and after each pass the lease holder mails the digests that are due (lib/links/health-digest.ts).

const LEASE = "link-health";
const PAGE = 200;
/** Due rows looked at in one pass (links held back by their host's budget included). */
const MAX_SCAN = 2_000;
const MAX_CHECKS = 200;
const CONCURRENCY = 8;

/** Per account and destination host: at most `perMinute` checks in any minute (the lease holder's count). */
export class HostPacer {
  private readonly recent = new Map<string, number[]>();
  constructor(private readonly perMinute: number) {}

  take(accountId: string, destination: string, now = Date.now()): boolean {
    const key = `${accountId} ${new URL(destination).hostname}`;
    const times = (this.recent.get(key) ?? []).filter((t) => t > now - 60_000);
    const allowed = times.length < this.perMinute;
    if (allowed) times.push(now);
    this.recent.set(key, times);
    return allowed;
  }

  /** Forgets the hosts with no check in the last minute (the map stays as small as the traffic). */
  prune(now = Date.now()): void {
    for (const [key, times] of this.recent) if (!times.some((t) => t > now - 60_000)) this.recent.delete(key);
  }
}

interface DueLink {
  id: string;
  accountId: string;
  destination: string;
  healthDueAt: Date;
}

export interface HealthSummary {
  checked: number;
  /** Links that turned broken (a link.broken event each). */
  broken: number;
  /** Due links left for a later pass by their host's budget. */
  deferred: number;
}

export interface SweepOptions {
  now?: Date;
  signal?: AbortSignal;
  check?: (destination: string, signal?: AbortSignal) => Promise<CheckResult>;
}

/** The due links a pass checks: oldest due first, within each account's host budget. */
async function pickDue(db: Db, pacer: HostPacer, now: Date, summary: HealthSummary): Promise<DueLink[]> {
  const picked: DueLink[] = [];
  let after: DueLink | undefined;
  for (let scanned = 0; scanned < MAX_SCAN && picked.length < MAX_CHECKS; ) {
    const cursor = after ? { OR: [{ healthDueAt: { gt: after.healthDueAt } }, { healthDueAt: after.healthDueAt, id: { gt: after.id } }] } : {};
    const { value: page } = await backgroundSlice(() =>
      db.link.findMany({
        where: { isActive: true, destination: { not: null }, healthDueAt: { lte: now }, ...cursor },
        orderBy: [{ healthDueAt: "asc" }, { id: "asc" }],
        take: PAGE,
        select: { id: true, accountId: true, destination: true, healthDueAt: true },
      }),
    );
    for (const link of page as DueLink[]) {
      if (picked.length >= MAX_CHECKS) break;
      if (pacer.take(link.accountId, link.destination)) picked.push(link);
      else summary.deferred += 1;
    }
    scanned += page.length;
    after = page.at(-1) as DueLink | undefined;
    if (page.length < PAGE) break;
  }
  return picked;
}

/**
 * Writes a check's outcome, unless the link was deleted or given another destination meanwhile
 * (then it is due again anyway); whether it turned broken, with its link.broken event written in
 * the same transaction (the outbox, lib/webhooks/outbox.ts).
 */
async function record(db: Db, link: DueLink, result: CheckResult): Promise<boolean> {
  const at = new Date();
  const dueAt = new Date(at.getTime() + config().linkHealthIntervalMs);
  const { value } = await backgroundSlice(() =>
    db.$transaction(async (tx) => {
      const [before] = await tx.$queryRaw<Array<{ state: string }>>`
        SELECT "healthState" AS state FROM "Link" WHERE id = ${link.id} AND "accountId" = ${link.accountId} AND destination = ${link.destination} FOR UPDATE`;
      if (!before) return false;
      // Raw, so that updatedAt stays the customer's last change.
      await tx.$executeRaw`
        UPDATE "Link" SET "healthState" = ${result.state}, "healthStatus" = ${result.status}, "healthError" = ${result.error},
          "healthFinalUrl" = ${result.finalUrl}, "healthCheckedAt" = ${at}, "healthDueAt" = ${dueAt},
          "healthBrokenAt" = CASE WHEN ${result.state} <> 'broken' THEN NULL WHEN "healthState" = 'broken' THEN "healthBrokenAt" ELSE ${at} END
        WHERE id = ${link.id} AND "accountId" = ${link.accountId}`;
      if (result.state !== "broken" || before.state === "broken") return false;
      const broken = await tx.link.findFirstOrThrow({ where: { id: link.id, accountId: link.accountId } });
      await enqueueWebhookEvents(tx, link.accountId, "link.broken", [toLinkObject(broken)], at);
      return true;
    }),
  );
  return value;
}

/** One pass: checks what is due at `now` (at most MAX_CHECKS), CONCURRENCY at a time. */
export async function checkDueLinks(db: Db, pacer: HostPacer, options: SweepOptions = {}): Promise<HealthSummary> {
  const { now = new Date(), signal, check = (destination, stop) => checkDestination(destination, { signal: stop }) } = options;
  const summary: HealthSummary = { checked: 0, broken: 0, deferred: 0 };
  pacer.prune();
  const queue = await pickDue(db, pacer, now, summary);
  const worker = async () => {
    for (let link = queue.shift(); link && !signal?.aborted; link = queue.shift()) {
      const result = await check(link.destination, signal);
      // A check cut short by the stop says nothing of the destination: the link stays due.
      if (signal?.aborted) return;
      summary.checked += 1;
      if (await record(db, link, result)) summary.broken += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return summary;
}

/** The sweep of this instance: a pass at start and every LINK_HEALTH_SWEEP_MS while it holds the lease; the answer stops it. */
export function startLinkHealthSweep(open: () => Promise<Db>): () => Promise<void> {
  if (!config().linkHealthIntervalMs) return async () => {};
  const holder = randomUUID();
  const everyMs = tunable("LINK_HEALTH_SWEEP_MS");
  // Long enough to last from one pass to the next: the holder keeps it while it runs.
  const leaseMs = 2 * everyMs + 60_000;
  const pacer = new HostPacer(tunable("LINK_HEALTH_PER_HOST_PER_MINUTE"));
  const stop = new AbortController();
  let db: Db | null = null;
  let running: Promise<void> | null = null;
  const run = () => {
    if (running || stop.signal.aborted) return;
    running = (async () => {
      const database = (db ??= await open());
      if (!(await takeJobLease(database, LEASE, holder, leaseMs))) return;
      const renew = setInterval(() => void takeJobLease(database, LEASE, holder, leaseMs).catch(() => undefined), Math.floor(leaseMs / 3));
      renew.unref();
      try {
        const summary = await checkDueLinks(database, pacer, { signal: stop.signal });
        if (summary.checked || summary.deferred) log.info("link health checked", { ...summary });
        if (!stop.signal.aborted) await sendHealthDigests(database);
      } finally {
        clearInterval(renew);
      }
    })()
      .catch((error: unknown) => void (noteDatabaseFailure(error) || log.warn("link health pass failed", errorFields(error))))
      .finally(() => (running = null));
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    stop.abort();
    await running;
    if (db) await releaseJobLease(db, LEASE, holder).catch(() => undefined);
  };
}
