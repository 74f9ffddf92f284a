import type { Db } from "../db/open";

/** The account's unrevoked API keys. */
export function countActiveKeys(db: Db, accountId: string) {
  return db.apiKey.count({ where: { accountId, revokedAt: null } });
}
