import { ownerPlan } from "@/lib/accounts/account-plan";
import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { duplicateWebsite } from "@/lib/websites/duplicate-website";
import { WebsiteDuplicateInput } from "@/lib/websites/website-actions";

/** POST /v1/websites/{id}/duplicate's use case under the account's plan limits. */
export const POST = dashboardRoute({ body: WebsiteDuplicateInput, workspace: "write" }, async ({ db, workspace, body }) => {
  const { id, ...address } = body;
  // The copy belongs to the workspace's owner and counts toward the owner's plan, as forTeamOwner does for links.
  return json(await duplicateWebsite(db, await ownerPlan(db, workspace.ownerId), id, address), 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
