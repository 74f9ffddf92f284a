import { removePasskey, renamePasskey, RenamePasskeyInput } from "@/lib/accounts/passkeys";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";

/** Renames one of the account's passkeys; another account's is not found. */
export const PATCH = dashboardRoute({ body: RenamePasskeyInput }, async ({ db, account, params, body }) =>
  json({ passkey: await renamePasskey(db, account.id, params.id, body) }),
);

/** Removes it: it no longer signs in (the authenticator keeps its copy until deleted there). */
export const DELETE = dashboardRoute({}, async ({ db, account, params }) => {
  await removePasskey(db, account.id, params.id);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, OPTIONS } = otherMethods({ PATCH, DELETE });
