import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { deleteLinkByIdentifier, updateLinkByIdentifier } from "@/lib/links/link-by-identifier";
import { UpdateLinkBody } from "@/lib/links/schemas";

// The signed-in account acts as its API keys would: its own links, and a team owner's as an active admin or editor.

export const PUT = dashboardRoute({ body: UpdateLinkBody, workspace: "write" }, async ({ db, account, params, body }) =>
  json(await updateLinkByIdentifier(db, account.id, params.id, body)),
);

export const DELETE = dashboardRoute({ workspace: "write" }, async ({ db, account, params }) =>
  json(await deleteLinkByIdentifier(db, account.id, params.id)),
);

export const { GET, POST, PATCH, OPTIONS } = otherMethods({ PUT, DELETE });
