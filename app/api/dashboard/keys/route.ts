import { z } from "zod";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { createKey } from "@/lib/keys/create-key";
import { KEY_ROLES } from "@/lib/keys/key-format";

const CreateKeyInput = z.object({
  name: z.string().trim().min(1, "Give the key a name.").max(50, "Use at most 50 characters."),
  role: z.enum(KEY_ROLES),
});

/** The whole key is in this one answer and never again (only its SHA-256 is stored). */
export const POST = dashboardRoute({ body: CreateKeyInput }, async ({ db, account, body }) => {
  const key = await createKey(db, account.id, { name: body.name, role: body.role });
  return json(key, 201, { "cache-control": "no-store" });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
