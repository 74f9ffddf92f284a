import { randomUUID } from "node:crypto";
import { countOutageAnswer, noteDatabaseFailure, outageReference } from "../db/outage";
import { log } from "../log";
import { databaseUnavailableDigest } from "./page-failure-digest";

/**
 * A page's read that failed because the database cannot be reached becomes an error whose digest
 * says so (page-failure-digest.ts): the error boundaries then show "Hop can't reach its database"
 * instead of a generic failure; the outage itself is logged once (lib/db/outage), not per page. Any
 * other error passes through unchanged (Next gives it a digest of its own and logs it).
 */
export function asPageFailure(error: unknown, where: string): unknown {
  if (!noteDatabaseFailure(error)) return error;
  // During an outage the page shows the outage's reference, which its first log line carries
  // (one line per outage, not per page view); otherwise (every connection busy) a line of its own.
  countOutageAnswer("unavailableRequests");
  let reference = outageReference();
  if (!reference) {
    reference = randomUUID().slice(0, 8);
    log.warn("database pool exhausted", { page: where, reference });
  }
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
