import type { z } from "zod";
import { actingTeamOwners } from "../accounts/add-team-member";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { shortUrlOf } from "../links/public-id";
import { resolveLink } from "../links/resolve-identifier";
import type { WebsiteGetResult } from "./responses";

/** The caller's website (or an acting team owner's) by id, slug, short URL or custom domain; 404 otherwise. */
export async function findWebsite(db: Db, callerId: string, identifier: string) {
  const found = await resolveLink(db, callerId, identifier, { mode: "search", teamOwnerIds: await actingTeamOwners(db, callerId) });
  if (!found || found.link.type !== "website") throw new HopError("link_not_found", { message: `No website '${identifier}'.` });
  return found.link;
}

/** GET /v1/websites/{id}. */
export async function getWebsite(db: Db, callerId: string, identifier: string) {
  const w = await findWebsite(db, callerId, identifier);
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
  } satisfies z.input<typeof WebsiteGetResult>;
}
