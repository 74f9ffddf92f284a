import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { setStatusByIdentifier } from "@/lib/links/link-by-identifier";
import { getWebsite } from "@/lib/websites/get-website";
import { WebsiteStatusInput } from "@/lib/websites/website-actions";

/** PATCH /v1/links/{id}/status's use case (the plan's active limit included). */
export const PATCH = dashboardRoute({ body: WebsiteStatusInput, workspace: "write" }, async ({ db, account, workspace, body }) => {
  await getWebsite(db, workspace.ownerId, body.id);
  return json(await setStatusByIdentifier(db, account.id, body.id, body));
});

export const { GET, POST, PUT, DELETE, OPTIONS } = otherMethods({ PATCH });
