import { UpdateProfileInput, updateProfile } from "@/lib/accounts/manage-profile";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";

export const PATCH = dashboardRoute({ body: UpdateProfileInput }, async ({ db, account, body }) => json(await updateProfile(db, account.id, body)));

export const { GET, POST, PUT, DELETE, OPTIONS } = otherMethods({ PATCH });
