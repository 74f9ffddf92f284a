import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { deleteLinkByIdentifier } from "@/lib/links/link-by-identifier";
import { WebsiteDeleteInput } from "@/lib/websites/website-actions";
import { getWebsite } from "@/lib/websites/get-website";

/** DELETE /v1/links/{id}'s use case, after checking the id names a page (not a link) of this account. */
export const DELETE = dashboardRoute({ body: WebsiteDeleteInput, workspace: "write" }, async ({ db, account, workspace, body }) => {
  await getWebsite(db, workspace.ownerId, body.id);
  return json(await deleteLinkByIdentifier(db, account.id, body.id));
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
