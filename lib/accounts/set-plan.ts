import { announce } from "../cache/invalidation";
import { recordAudit } from "../audit/record-audit";
import type { Db } from "../db/open";
import { LimitOverrides, effectiveLimits, type PlanName } from "./plans";

export async function setPlan(db: Db, accountId: string, plan: PlanName) {
  const account = await db.$transaction(async (tx) => {
    const updated = await tx.account.update({ where: { id: accountId }, data: { plan } });
    await recordAudit(tx, accountId, { action: "account.plan_changed", target: { type: "account", id: accountId, label: updated.email }, changes: { plan } });
    return updated;
  });
  await announce({ kind: "account", accountId });
  return { id: account.id, email: account.email, plan: account.plan };
}

/** Merges overrides into the account's; a key set to null means unlimited (total/active only). */
export async function setLimits(db: Db, accountId: string, overrides: LimitOverrides) {
  const result = await db.$transaction(async (tx) => {
    const account = await tx.account.findUniqueOrThrow({ where: { id: accountId } });
    const current = LimitOverrides.safeParse(account.limitOverrides);
    const merged = { ...(current.success ? current.data : {}), ...overrides };
    const updated = await tx.account.update({ where: { id: accountId }, data: { limitOverrides: merged } });
    await recordAudit(tx, accountId, { action: "account.limits_changed", target: { type: "account", id: accountId, label: updated.email }, changes: overrides });
    const limits = effectiveLimits(updated.plan, merged);
    return { id: updated.id, email: updated.email, plan: updated.plan, overrides: merged, limits };
  });
  await announce({ kind: "account", accountId });
  return result;
}
