import type { Db } from "../db/open";

/** The dashboard overview's counts: short links, websites (link-in-bio pages) and domains. */
export async function accountOverview(db: Db, accountId: string) {
  const [links, websites, domains, keys] = await Promise.all([
    db.link.count({ where: { accountId, type: { not: "website" } } }),
    db.link.count({ where: { accountId, type: "website" } }),
    db.domain.count({ where: { accountId } }),
    db.apiKey.count({ where: { accountId, revokedAt: null } }),
  ]);
  return { links, websites, domains, keys };
}
