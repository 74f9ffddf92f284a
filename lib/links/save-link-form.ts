import { ownerPlan } from "../accounts/account-plan";
import type { Prisma } from "../generated/prisma/client";
import type { Db } from "../db/open";
import { createLink } from "./create-link";
import { parseDestination } from "./destination";
import { updateLinkByIdentifier } from "./link-by-identifier";
import type { LinkFormCreateBody, LinkFormUpdateBody } from "./link-form-body";
import { assertNoSelfLoop } from "./self-loop";

// The dashboard's link form: one request, one transaction, whatever sections are filled in
// (lib/links/link-form-body.ts says what each takes beyond the API's create and update).

/**
 * A link created from the form goes to the selected workspace's owner, as POST /v1/links with
 * forTeamOwner does: the owner's limits, plan and groups apply. The caller has already been found
 * to be the owner or an active admin/editor member of that team.
 */
export async function createLinkFromForm(db: Db, ownerId: string, body: LinkFormCreateBody) {
  const { seo, googleTags, metaPixel, alternateBackUrl, ...create } = body;
  const backUrl = alternateBackUrl ? parseDestination(alternateBackUrl, "alternateBackUrl") : null;
  return createLink(db, await ownerPlan(db, ownerId), { ...create, forTeamOwner: false }, (link) => {
    if (backUrl) assertNoSelfLoop(link.domain, link.slug, { alternateBackUrl: backUrl }, {});
    return {
      ...(seo ? { seo: seo as Prisma.InputJsonObject } : {}),
      ...(googleTags ? { googleTags: googleTags as Prisma.InputJsonObject } : {}),
      ...(metaPixel ? { metaPixel: metaPixel as Prisma.InputJsonObject } : {}),
      ...(backUrl ? { alternateBackUrl: backUrl } : {}),
    };
  });
}

/** An edit from the form: the caller's own link, or a team owner's as an active admin or editor. */
export async function updateLinkFromForm(db: Db, callerId: string, identifier: string, body: LinkFormUpdateBody) {
  const { groupId, ...update } = body;
  return updateLinkByIdentifier(db, callerId, identifier, update, { seoBesideTitle: true, groupId });
}
