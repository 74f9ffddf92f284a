import { actingTeamOwners } from "../accounts/add-team-member";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { shortUrlOf } from "../links/public-id";
import { resolveLink } from "../links/resolve-identifier";

/** GET /v1/websites/{id}: by id, slug, short URL or custom domain (the page's address). */
export async function getWebsite(db: Db, callerId: string, identifier: string) {
  const found = await resolveLink(db, callerId, identifier, { mode: "search", teamOwnerIds: await actingTeamOwners(db, callerId) });
  if (!found || found.link.type !== "website") throw new HopError("link_not_found", { message: `No website '${identifier}'.` });
  const w = found.link;
  return {
    data: {
      id: w.publicId,
      url: shortUrlOf(w.domain, w.slug),
      slug: w.slug,
      domain: w.domain,
      templateId: w.templateId,
      data: w.data,
      isActive: w.isActive,
      createdAt: w.createdAt.toISOString(),
      updatedAt: w.updatedAt.toISOString(),
    },
  };
}
