import { UpdateProfileInput, updateProfile } from "@/lib/accounts/manage-profile";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { attachedClientIp } from "@/lib/net/client-ip";

/** A new e-mail needs the current password (wrong ones are throttled like sign-in). */
export const PATCH = dashboardRoute({ body: UpdateProfileInput }, async ({ request, db, account, body }) =>
  json(await updateProfile(db, account.id, body, attachedClientIp(request) ?? "unknown")),
);

export const { GET, POST, PUT, DELETE, OPTIONS } = otherMethods({ PATCH });
