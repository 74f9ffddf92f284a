import type { Db } from "../db/open";
import { effectiveLimits, type Limits } from "./plans";

/** An account as its plan sees it: the plan's name and its limits with the account's overrides applied. */
export interface PlanHolder {
  id: string;
  plan: string;
  limitOverrides: unknown;
  limits: Limits;
}

/** For an account already read (the signed-in one, a membership's owner): no second query. */
export function withLimits(account: { id: string; plan: string; limitOverrides: unknown }): PlanHolder {
  return { id: account.id, plan: account.plan, limitOverrides: account.limitOverrides, limits: effectiveLimits(account.plan, account.limitOverrides) };
}

/**
 * The plan of a workspace's owner: a team workspace's items count against the owner's plan,
 * whoever of the team acts. The one read of it, so the dashboard, the editor and the API cannot
 * disagree about which plan applies. Works inside a transaction too.
 */
export async function ownerPlan(db: Pick<Db, "account">, ownerId: string): Promise<PlanHolder> {
  return withLimits(await db.account.findUniqueOrThrow({ where: { id: ownerId }, select: { id: true, plan: true, limitOverrides: true } }));
}
