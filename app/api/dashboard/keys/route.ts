import { z } from "zod";
import { assertEmailConfirmed } from "@/lib/accounts/email-confirmation";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { createKey } from "@/lib/keys/create-key";
import { RestrictionLists } from "@/lib/keys/restrictions";
import { PRESET_NAMES, ScopeName } from "@/lib/keys/scopes";

const CreateKeyInput = z
  .object({
    name: z.string().trim().min(1, "Give the key a name.").max(50, "Use at most 50 characters."),
    role: z.enum([...PRESET_NAMES, "custom"]),
    scopes: z.array(ScopeName).max(20).optional(),
    expiresAt: z.union([z.iso.date("Pick a date."), z.literal("")]).optional(),
  })
  .extend(RestrictionLists.shape);

/** The whole key is in this one answer and never again (only its SHA-256 is stored); an unconfirmed address gets 403 email_not_confirmed. */
export const POST = dashboardRoute({ body: CreateKeyInput }, async ({ db, account, body }) => {
  await assertEmailConfirmed(db, account.id);
  // A date means "until the end of that day" (UTC): a key made to expire today still works today.
  const expiresAt = body.expiresAt ? new Date(`${body.expiresAt}T23:59:59.999Z`) : null;
  const key = await createKey(db, account.id, { name: body.name, role: body.role, scopes: body.scopes, groupIds: body.groupIds, domains: body.domains, expiresAt });
  return json(key, 201, { "cache-control": "no-store" });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
