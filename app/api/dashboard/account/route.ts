import { UpdateProfileInput, updateProfile } from "@/lib/accounts/manage-profile";
import { dashboardRoute, json } from "@/lib/dashboard/route";

export const PATCH = dashboardRoute({ body: UpdateProfileInput }, async ({ db, account, body }) => json(await updateProfile(db, account.id, body)));
