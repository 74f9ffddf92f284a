import { addPasskey, AddPasskeyInput, listPasskeys } from "@/lib/accounts/passkeys";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";

/** The account's passkeys: name, added, last used. */
export const GET = dashboardRoute({}, async ({ db, account }) => json({ passkeys: await listPasskeys(db, account.id) }));

/** Verifies the browser's answer to the registration options and keeps the passkey (named after this device unless named). */
export const POST = dashboardRoute({ body: AddPasskeyInput }, async ({ request, db, account, body }) =>
  json({ passkey: await addPasskey(db, account.id, body, request.headers.get("user-agent")) }, 201),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
