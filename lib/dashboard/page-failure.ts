import { randomUUID } from "node:crypto";
import { isDatabaseUnavailable } from "../db/unavailable";
import { log } from "../log";
import { databaseUnavailableDigest } from "./page-failure-digest";

/**
 * A page's read that failed because the database cannot be reached becomes an error whose digest
 * says so (page-failure-digest.ts): the error boundaries then show "Hop can't reach its database"
 * instead of a generic failure, and the log line carries the same reference the page shows. Any
 * other error passes through unchanged (Next gives it a digest of its own and logs it).
 */
export function asPageFailure(error: unknown, where: string): unknown {
  if (!isDatabaseUnavailable(error)) return error;
  const reference = randomUUID().slice(0, 8);
  log.warn("database unavailable", { page: where, reference, error: error instanceof Error ? error.message.slice(-300) : String(error) });
  return Object.assign(new Error("The database is unavailable."), { digest: databaseUnavailableDigest(reference) });
}

/** Runs a page's database read; an outage is rethrown as asPageFailure describes. */
export async function pageRead<T>(where: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw asPageFailure(error, where);
  }
}
