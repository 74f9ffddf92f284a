import { isPaidPlan } from "../accounts/plans";
import { announce } from "../cache/invalidation";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import type { z } from "zod";
import type { Link, Prisma } from "../generated/prisma/client";
import { assertNotBlocked, parseDestination } from "./destination";
import { domainKind } from "./link-domain";
import type { LinkUpdateResult } from "./responses";
import { normalizeGeoRules, normalizeLanguageRules } from "./rules";
import { extrasFieldNames, linkExtrasData } from "./link-extras";
import { toLinkObject } from "./link-object";
import { enqueueWebhookEvents } from "../webhooks/outbox";
import type { UpdateLinkBody } from "./schemas";

export { UpdateLinkBody } from "./schemas";

/** PUT /v1/links/{identifier}: the updatable properties of API.md; slug and domain never change. */
export async function updateLink(db: Db, link: Link, ownerPlan: string, body: UpdateLinkBody) {
  for (const fixed of ["slug", "domain"] as const) {
    if (body[fixed] !== undefined) throw HopError.titled(400, "Bad Request", `${fixed} cannot be changed after creation.`, { field: fixed });
  }
  const onPrimary = domainKind(link.domain) === "primary";
  const data: Prisma.LinkUpdateInput = {};
  if (body.destination !== undefined) {
    const destination = parseDestination(body.destination, "destination");
    if (onPrimary) assertNotBlocked(destination, "destination");
    data.destination = destination;
  }
  if (body.title !== undefined) data.title = body.title;
  if (body.description !== undefined) data.description = body.description;
  if (body.seo !== undefined && body.title === undefined && body.description === undefined) {
    data.seo = body.seo as Prisma.InputJsonObject;
    if (typeof body.seo.title === "string") data.title = body.seo.title;
    if (typeof body.seo.description === "string") data.description = body.seo.description;
  }
  if (body.tags !== undefined) data.tags = body.tags.filter((tag): tag is string => typeof tag === "string");
  if (body.googleTags !== undefined) data.googleTags = body.googleTags as Prisma.InputJsonObject;
  if (body.metaPixel !== undefined) data.metaPixel = body.metaPixel as Prisma.InputJsonObject;
  if (body.behavior !== undefined) data.behavior = isPaidPlan(ownerPlan) ? body.behavior : "conservative";
  if (body.geoRules !== undefined) data.geoRules = (await normalizeGeoRules(db, link.accountId, body.geoRules, onPrimary)) as object[];
  if (body.languageRules !== undefined) data.languageRules = normalizeLanguageRules(body.languageRules, onPrimary) as object[];
  if (body.alternateBackUrl !== undefined) {
    data.alternateBackUrl = body.alternateBackUrl === null ? null : parseDestination(body.alternateBackUrl, "alternateBackUrl");
  }
  const extras = await linkExtrasData(body, { onPrimary, creating: false });
  Object.assign(data, extras);
  const updatedFields = [...Object.keys(data).filter((field) => !(field in extras)), ...extrasFieldNames(extras)];
  if (updatedFields.length) {
    await db.$transaction(async (tx) => {
      const updated = await tx.link.update({ where: { id: link.id }, data });
      await enqueueWebhookEvents(tx, link.accountId, "link.updated", [toLinkObject(updated)]);
    });
    await announce({ kind: "link", domain: link.domain, slug: link.slug });
  }
  return {
    success: true,
    id: link.publicId,
    message: updatedFields.length ? `Link ${link.publicId} updated` : "Nothing to update",
    updatedFields,
  } satisfies z.input<typeof LinkUpdateResult>;
}
