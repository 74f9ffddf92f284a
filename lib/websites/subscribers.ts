import { z } from "zod";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { paginationOf, PaginationQuery } from "../links/list-links";
import { noteDatabaseFailure } from "../db/outage";
import { log } from "../log";
import { csvRow } from "../text/csv";
import { usageNow } from "../usage/clock";
import { findWebsite } from "./get-website";
import { recordAudit } from "../audit/record-audit";
import type { SubscriberList } from "./responses";

// The addresses a page's sign-up blocks collected (store-signup.ts), for their owner: listed,
// searched, exported and deleted, always within the caller's page (findWebsite checks the account),
// and the sweep that deletes sign-ups nobody confirmed in time. Expiry is judged at usageNow(), the
// time the tests' clock can move (lib/usage/clock.ts).

export const SubscriberQuery = PaginationQuery.extend({
  q: z.string().trim().max(320).optional().meta({ description: "Only addresses containing this text (case-insensitive)." }),
});

/** A sign-up that has not expired at `now`: confirmed (or single opt-in), or pending within its 48 hours. */
const live = (now: Date) => ({ OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] });

function where(website: { id: string; accountId: string }, now: Date, q?: string) {
  return { linkId: website.id, accountId: website.accountId, ...live(now), ...(q ? { email: { contains: q.toLowerCase() } } : {}) };
}

function view(row: { id: string; blockId: string; email: string; optIn: string; confirmedAt: Date | null; createdAt: Date }, websiteId: string) {
  return {
    id: row.id,
    websiteId,
    blockId: row.blockId,
    email: row.email,
    status: row.confirmedAt ? ("confirmed" as const) : ("pending" as const),
    optIn: row.optIn === "single" ? ("single" as const) : ("double" as const),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /v1/websites/{id}/subscribers: the page's sign-ups, newest first. */
export async function listSubscribers(db: Db, callerId: string, identifier: string, query: z.infer<typeof SubscriberQuery>, now = new Date(usageNow())) {
  const website = await findWebsite(db, callerId, identifier);
  const filter = where(website, now, query.q);
  const [totalCount, rows] = await Promise.all([
    db.subscriber.count({ where: filter }),
    db.subscriber.findMany({ where: filter, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (query.page - 1) * query.limit, take: query.limit }),
  ]);
  return { data: rows.map((row) => view(row, website.publicId)), pagination: paginationOf(query, totalCount) } satisfies z.input<typeof SubscriberList>;
}

/** DELETE /v1/websites/{id}/subscribers/{subscriberId}: the address is gone (a request to erase it, or unwanted). */
export async function deleteSubscriber(db: Db, callerId: string, identifier: string, subscriberId: string) {
  const website = await findWebsite(db, callerId, identifier);
  await db.$transaction(async (tx) => {
    const done = await tx.subscriber.deleteMany({ where: { id: subscriberId, linkId: website.id, accountId: website.accountId } });
    if (done.count === 0) throw new HopError("subscriber_not_found");
    // The entry names the page and the row, never the address: it is what the deletion erases.
    await recordAudit(tx, website.accountId, { action: "subscriber.deleted", target: { type: "subscriber", id: subscriberId, label: website.publicId } });
  });
  return { message: "Subscriber deleted", id: subscriberId };
}

const COLUMNS = ["createdAt", "email", "status", "optIn", "confirmedAt", "blockId"] as const;
const BATCH = 1000;

/** Every live sign-up of a page, oldest first, as CSV; read in batches by keyset. */
export async function* subscribersCsv(db: Db, callerId: string, identifier: string, now = new Date(usageNow())): AsyncGenerator<string> {
  const website = await findWebsite(db, callerId, identifier);
  yield csvRow([...COLUMNS]);
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const rows: Array<{ id: string; blockId: string; email: string; optIn: string; confirmedAt: Date | null; createdAt: Date }> = await db.subscriber.findMany({
      where: { AND: [where(website, now), ...(after ? [{ OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] }] : [])] },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: BATCH,
    });
    if (!rows.length) return;
    yield rows.map((row) => view(row, website.publicId)).map((s) => csvRow([s.createdAt, s.email, s.status, s.optIn, s.confirmedAt, s.blockId])).join("");
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}

export function subscribersFileName(publicId: string): string {
  return `subscribers-${publicId.replace(/[^A-Za-z0-9_-]+/g, "-")}.csv`;
}

/** Deletes the sign-ups whose confirmation time ran out at `now`; returns how many. One DELETE: harmless on several instances. */
export async function sweepExpiredSignups(db: Db, now: Date = new Date()): Promise<number> {
  return db.$executeRaw`DELETE FROM "Subscriber" WHERE "expiresAt" IS NOT NULL AND "expiresAt" <= ${now}`;
}

export const SIGNUP_SWEEP_INTERVAL_MS = 60 * 60_000;

/** Sweeps once, then hourly; returns the stop. */
export async function startSignupSweep(db: Db, intervalMs = SIGNUP_SWEEP_INTERVAL_MS): Promise<() => void> {
  const sweep = () =>
    sweepExpiredSignups(db).then(
      (deleted) => void (deleted && log.info("unconfirmed sign-ups deleted", { deleted })),
      (error: unknown) => void (noteDatabaseFailure(error) || log.warn("sign-up sweep failed", { error: String(error) })),
    );
  await sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
