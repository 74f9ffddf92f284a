import type { Db } from "../db/open";

/** How many of the account's links (and pages) sit on each of its domains: what a delete would move. */
export async function countLinksByDomain(db: Db, accountId: string, domains: string[]): Promise<Map<string, number>> {
  if (!domains.length) return new Map();
  const rows = await db.link.groupBy({ by: ["domain"], where: { accountId, domain: { in: domains } }, _count: { _all: true } });
  return new Map(rows.map((row) => [row.domain, row._count._all]));
}
