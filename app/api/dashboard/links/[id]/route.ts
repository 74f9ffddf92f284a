import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { deleteLinkByIdentifier } from "@/lib/links/link-by-identifier";
import { LinkFormUpdateBody } from "@/lib/links/link-form-body";
import { updateLinkFromForm } from "@/lib/links/save-link-form";

// The signed-in account acts as its API keys would: its own links, and a team owner's as an active admin or editor.

/** The link form's edit: every section, the group included, in one request and one transaction. */
export const PUT = dashboardRoute({ body: LinkFormUpdateBody, workspace: "write" }, async ({ db, account, params, body }) =>
  json(await updateLinkFromForm(db, account.id, params.id, body)),
);

export const DELETE = dashboardRoute({ workspace: "write" }, async ({ db, account, params }) =>
  json(await deleteLinkByIdentifier(db, account.id, params.id)),
);

export const { GET, POST, PATCH, OPTIONS } = otherMethods({ PUT, DELETE });
