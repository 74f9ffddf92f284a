import type { Limits } from "../accounts/plans";
import type { Db } from "../db/open";
import { HopError } from "../errors";

type Tx = Pick<Db, "link">;

/**
 * Counts the owner's links and websites for a new item, inside the transaction that locked the
 * owner's account row: refuses at the total limit, and tells whether the active limit is reached.
 */
export async function checkNewItemLimits(tx: Tx, owner: { id: string; plan: string; limits: Pick<Limits, "totalLimit" | "activeLimit"> }) {
  const { totalLimit, activeLimit } = owner.limits;
  if (totalLimit !== null) {
    const total = await tx.link.count({ where: { accountId: owner.id } });
    if (total >= totalLimit) {
      throw new HopError("TOTAL_LINK_LIMIT_REACHED", {
        message: `The ${owner.plan} plan allows ${totalLimit} links and websites in total.`,
        extras: { currentUsed: total, totalLimit, plan: owner.plan },
      });
    }
  }
  const active = activeLimit === null ? 0 : await tx.link.count({ where: { accountId: owner.id, isActive: true } });
  return { active, atActiveLimit: activeLimit !== null && active >= activeLimit };
}
