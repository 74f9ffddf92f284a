import { ownerPlan } from "../accounts/account-plan";
import { announce } from "../cache/invalidation";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import type { Link } from "../generated/prisma/client";
import { withAccountLock } from "../db/account-lock";
import { toLinkObject } from "./link-object";
import { enqueueWebhookEvents } from "../webhooks/outbox";
import { linkTarget, recordAudit } from "../audit/record-audit";

export { BulkStatusBody, StatusBody } from "./schemas";

/**
 * Switches a link on or off. Activation counts the owner's active links under a lock on the
 * owner's account row, so parallel activations never pass the active limit.
 */
export async function setLinkStatus(db: Db, link: Link, setActive: boolean): Promise<Link> {
  const updated = await withAccountLock(db, link.accountId, async (tx) => {
    const current = await tx.link.findUnique({ where: { id: link.id } });
    if (!current) throw HopError.plain(404, "Deeplink not found");
    if (current.isActive === setActive) return current;
    if (setActive) {
      const owner = await ownerPlan(tx, link.accountId);
      const { activeLimit } = owner.limits;
      if (activeLimit !== null) {
        const active = await tx.link.count({ where: { accountId: link.accountId, isActive: true } });
        if (active >= activeLimit) {
          throw new HopError("ACTIVE_LINK_LIMIT_REACHED", {
            message: `The ${owner.plan} plan allows ${activeLimit} active links and websites; deactivate one first.`,
            extras: { currentActive: active, activeLimit, plan: owner.plan },
          });
        }
      }
    }
    const changed = await tx.link.update({ where: { id: link.id }, data: { isActive: setActive, inactiveReason: null } });
    await recordAudit(tx, link.accountId, { action: `${linkTarget(link).type}.${setActive ? "activated" : "deactivated"}`, target: linkTarget(link), changes: { isActive: setActive } });
    await enqueueWebhookEvents(tx, link.accountId, "link.updated", [toLinkObject(changed)]);
    return changed;
  });
  await announce({ kind: "link", domain: updated.domain, slug: updated.slug, ...(updated.isActive ? {} : { gone: true as const }) });
  return updated;
}

export function statusMessage(isActive: boolean): string {
  return isActive ? "Link activated" : "Link deactivated";
}
