import { ownerPlan } from "../accounts/account-plan";
import type { Db } from "../db/open";
import { createLink } from "./create-link";
import type { CreateLinkBody } from "./schemas";

/**
 * A link created from the dashboard goes to the selected workspace's owner, as POST /v1/links
 * with forTeamOwner does: the owner's limits, plan and groups apply. The caller has already been
 * found to be the owner or an active admin/editor member of that team.
 */
export async function createLinkInWorkspace(db: Db, ownerId: string, body: CreateLinkBody) {
  return createLink(db, await ownerPlan(db, ownerId), { ...body, forTeamOwner: false });
}
