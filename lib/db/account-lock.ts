import type { Prisma } from "../generated/prisma/client";
import { shared } from "../shared";
import type { Db } from "./open";

// Changes counted against an account's limits (links, pages, images, webhooks, domain claims)
// take the account's row lock, so parallel ones count one at a time. A transaction waiting for
// that lock holds a pool connection while it waits: 400 parallel creates of one account filled
// the whole pool with waiters, and every other query (API keys, usage, the webhook worker) timed
// out waiting for a connection (issue 56). So the waiting happens here first, in process and
// without a connection: one locking transaction per account per process at a time. The row lock
// still orders instances that share the database.

type Tx = Prisma.TransactionClient;

/** Parallel changes of one account wait up to this long, the lock's turn included. */
const OPTIONS = { maxWait: 20_000, timeout: 20_000 } as const;

/** Per account, the end of the last locking transaction queued in this process. */
const queues = shared("account-lock-queues", () => new Map<string, Promise<unknown>>());

/** Runs `work` in one transaction that holds the account's row lock, after this process's earlier ones for the account. */
export function withAccountLock<T>(db: Db, accountId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  const previous = queues.get(accountId) ?? Promise.resolve();
  const run = previous.then(
    () => lockedTransaction(db, accountId, work),
    () => lockedTransaction(db, accountId, work),
  );
  const settled = run.catch(() => undefined);
  queues.set(accountId, settled);
  void settled.then(() => {
    if (queues.get(accountId) === settled) queues.delete(accountId);
  });
  return run;
}

function lockedTransaction<T>(db: Db, accountId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Account" WHERE id = ${accountId} FOR UPDATE`;
    return work(tx);
  }, OPTIONS);
}
