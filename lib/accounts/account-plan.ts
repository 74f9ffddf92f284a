import type { Db } from "../db/open";

/** The plan and limit overrides of one account: a team workspace counts against its owner's plan. */
export function accountPlan(db: Db, accountId: string) {
  return db.account.findUniqueOrThrow({ where: { id: accountId }, select: { id: true, plan: true, limitOverrides: true } });
}
