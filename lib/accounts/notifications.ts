import { z } from "zod";
import type { Db } from "../db/open";
import { recordAudit } from "../audit/record-audit";

// The mails an account chooses to get. Today one: the daily digest of links that turned broken
// (lib/links/health-digest.ts), on unless turned off here.

export const NotificationsInput = z.object({
  brokenLinksDigest: z.boolean(),
});

export async function notificationSettings(db: Db, accountId: string): Promise<z.infer<typeof NotificationsInput>> {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { healthDigest: true } });
  return { brokenLinksDigest: account.healthDigest };
}

export async function updateNotifications(db: Db, accountId: string, input: z.infer<typeof NotificationsInput>) {
  return db.$transaction(async (tx) => {
    const before = await tx.account.findUniqueOrThrow({ where: { id: accountId }, select: { healthDigest: true, email: true } });
    if (before.healthDigest !== input.brokenLinksDigest) {
      await tx.account.update({ where: { id: accountId }, data: { healthDigest: input.brokenLinksDigest } });
      await recordAudit(tx, accountId, {
        action: "account.notifications_updated",
        target: { type: "account", id: accountId, label: before.email },
        changes: { brokenLinksDigest: input.brokenLinksDigest },
      });
    }
    return { brokenLinksDigest: input.brokenLinksDigest };
  });
}
