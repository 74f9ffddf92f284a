import { NotificationsInput, updateNotifications } from "@/lib/accounts/notifications";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";

export const PUT = dashboardRoute({ body: NotificationsInput }, async ({ db, account, body }) => json(await updateNotifications(db, account.id, body)));

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
