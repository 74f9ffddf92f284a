import { AsyncLocalStorage } from "node:async_hooks";
import type { PrismaClient } from "../generated/prisma/client";
import { shared } from "../shared";

// No code inside a transaction may reach the pool (docs/architecture.md, "Database connections"):
// a query on the pool from inside a transaction's callback waits for a second connection while
// its own is held, and enough of them at once hold every connection and wait for ever. So the
// callback runs in a scope, and the pool's accesses throw at once when reached from inside one —
// in every mode, so a test that takes the path finds it, and production fails loudly, not slowly.

/** Whether the running code is inside a transaction's callback (one instance per process). */
const scope = shared("db-transaction-scope", () => new AsyncLocalStorage<string>());

export class PoolInTransactionError extends Error {
  readonly code = "HOP_POOL_IN_TRANSACTION";
}

/** Throws when called inside a transaction's callback: `access` reached the pool from there. */
export function assertOutsideTransaction(access: string): void {
  const inside = scope.getStore();
  if (inside === undefined) return;
  throw new PoolInTransactionError(`${access} was reached inside ${inside}'s callback; use the transaction's own client (tx or query) there, not the pool`);
}

/** Runs `work` outside any transaction's scope (timers started there would inherit it). */
export function outsideTransaction<T>(work: () => T): T {
  return scope.exit(work);
}

/** Runs a transaction's callback in the scope that assertOutsideTransaction checks. */
export function insideTransaction<T>(name: string, work: () => Promise<T>): Promise<T> {
  return scope.run(name, work);
}

/**
 * The client the app uses: its interactive transactions run their callback in the scope, and any
 * use of the client itself (a model, a raw query, another transaction) from inside one throws.
 * The callback's `tx` is Prisma's own and unaffected.
 */
export function guardedClient(client: PrismaClient): PrismaClient {
  const run = client.$transaction.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const transaction = (first: unknown, ...rest: unknown[]) => {
    if (typeof first !== "function") return run(first, ...rest);
    const work = first as (tx: unknown) => Promise<unknown>;
    return run((tx: unknown) => insideTransaction("db.$transaction", () => work(tx)), ...rest);
  };
  // Methods are bound to the client itself once: Prisma's own code never sees the proxy.
  const bound = new Map<PropertyKey, unknown>([["$transaction", transaction]]);
  return new Proxy(client, {
    get(target, property) {
      if (typeof property === "string") assertOutsideTransaction(`db.${property}`);
      if (bound.has(property)) return bound.get(property);
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      bound.set(property, method);
      return method;
    },
  });
}
