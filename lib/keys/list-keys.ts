import type { Db } from "../db/open";
import { seedFromPersisted } from "../usage/windows";
import { scopesOf } from "./scopes";

/**
 * The account's keys, newest first, with their request counts as last persisted (the usage
 * flusher writes them about every second). Revoked keys are listed after the active ones.
 */
export async function listKeys(db: Db, accountId: string, now = Date.now()) {
  const rows = await db.apiKey.findMany({
    where: { accountId },
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
    select: {
      id: true,
      name: true,
      prefix: true,
      role: true,
      scopes: true,
      groupIds: true,
      domains: true,
      expiresAt: true,
      createdAt: true,
      lastUsedAt: true,
      revokedAt: true,
      totalRequests: true,
      hourWindowStart: true,
      hourCount: true,
      dayWindowStart: true,
      dayCount: true,
    },
  });
  return rows.map((row) => {
    const counters = seedFromPersisted(row, now);
    return {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      role: row.role ?? "legacy",
      scopes: scopesOf(row),
      groupIds: row.groupIds,
      domains: row.domains,
      expiresAt: row.expiresAt,
      createdAt: row.createdAt,
      lastUsedAt: row.lastUsedAt,
      revokedAt: row.revokedAt,
      requestsThisHour: counters.hourCount,
      requestsToday: counters.dayCount,
      totalRequests: counters.total,
    };
  });
}

