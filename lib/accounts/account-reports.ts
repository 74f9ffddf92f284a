import type { z } from "zod";
import type { Db } from "../db/open";
import { DAY_MS, HOUR_MS, type HitResult } from "../usage/windows";
import { MAX_ACTIVE_KEYS } from "../keys/create-key";
import { scopesOf } from "../keys/scopes";
import type { Limits } from "./plans";
import type { LimitsResult, ProfileResult, UsageResult } from "./responses";

/** GET /v1/account/usage: the key's counters right after counting this request. */
export function usageReport(usage: HitResult, limits: Limits) {
  return {
    requestsToday: usage.dayCount,
    requestsThisHour: usage.hourCount,
    totalRequests: usage.total,
    rateLimit: { hourly: limits.hourly, daily: limits.daily },
    remaining: { hourly: Math.max(0, limits.hourly - usage.hourCount), daily: Math.max(0, limits.daily - usage.dayCount) },
    resetAt: { hourly: (usage.hourStart + HOUR_MS) / 1000, daily: (usage.dayStart + DAY_MS) / 1000 },
  } satisfies z.input<typeof UsageResult>;
}

/** GET /v1/account/limits: the plan's numbers with overrides, and what the account uses of them. */
export async function limitsReport(db: Db, account: { id: string; plan: string }, limits: Limits) {
  const [currentTotal, currentActive, activeKeys] = await Promise.all([
    db.link.count({ where: { accountId: account.id } }),
    db.link.count({ where: { accountId: account.id, isActive: true } }),
    db.apiKey.count({ where: { accountId: account.id, revokedAt: null } }),
  ]);
  return {
    plan: account.plan,
    links: { totalLimit: limits.totalLimit, activeLimit: limits.activeLimit, currentTotal, currentActive },
    rateLimit: { hourly: limits.hourly, daily: limits.daily },
    apiKeys: { active: activeKeys, max: MAX_ACTIVE_KEYS },
  } satisfies z.input<typeof LimitsResult>;
}

/** GET /v1/account/profile (full keys only). */
export async function profileReport(db: Db, accountId: string, keyId: string) {
  const [account, key, teams] = await Promise.all([
    db.account.findUniqueOrThrow({ where: { id: accountId }, select: { id: true, email: true, name: true, plan: true, createdAt: true } }),
    db.apiKey.findFirstOrThrow({ where: { id: keyId, accountId }, select: { id: true, name: true, prefix: true, role: true, scopes: true, groupIds: true, domains: true, expiresAt: true, createdAt: true } }),
    db.teamMembership.findMany({
      where: { memberId: accountId },
      select: { role: true, status: true, owner: { select: { id: true, email: true } } },
    }),
  ]);
  return {
    ...account,
    apiKey: { ...key, role: key.role ?? "legacy", scopes: scopesOf(key) },
    teams: teams.map((t) => ({ ownerId: t.owner.id, ownerEmail: t.owner.email, role: t.role, status: t.status })),
  } satisfies z.input<typeof ProfileResult>;
}
