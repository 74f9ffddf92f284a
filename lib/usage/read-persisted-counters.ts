import type { Db } from "../db/open";
import type { PersistedCounters } from "./windows";

/** The counters a key's row holds now, by key id alone: only the rate counter may call it. */
export function readPersistedCountersAcrossAccounts(db: Db, keyId: string): Promise<PersistedCounters | null> {
  return db.apiKey.findUnique({
    where: { id: keyId },
    select: { totalRequests: true, hourWindowStart: true, hourCount: true, dayWindowStart: true, dayCount: true },
  });
}
