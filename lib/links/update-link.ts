import { isPaidPlan } from "../accounts/plans";
import { announce } from "../cache/invalidation";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import type { z } from "zod";
import type { Link, Prisma } from "../generated/prisma/client";
import { assertNotBlocked, parseDestination } from "./destination";
import { assertNoSelfLoop } from "./self-loop";
import { domainKind } from "./link-domain";
import type { LinkUpdateResult } from "./responses";
import { normalizeGeoRules, normalizeLanguageRules } from "./rules";
import { assertScheduleOrder, extrasFieldNames, linkExtrasData } from "./link-extras";
import { healthReset } from "./link-health";
import { toLinkObject } from "./link-object";
import { variantsColumn, variantUrlFields } from "./variants";
import { enqueueWebhookEvents } from "../webhooks/outbox";
import type { UpdateLinkBody } from "./schemas";
import { linkTarget, recordAudit } from "../audit/record-audit";

export { UpdateLinkBody } from "./schemas";

/** What the dashboard's form adds to a PUT (lib/links/save-link-form.ts). */
export interface FormUpdateOptions {
  /** seo is written beside title and description (PUT alone ignores it there). */
  seoBesideTitle?: boolean;
  /** A group of the link's owner (checked in the update's transaction); null: no group. */
  groupId?: string | null;
}

/** PUT /v1/links/{identifier}: the updatable properties of API.md; slug and domain never change. */
export async function updateLink(db: Db, link: Link, ownerPlan: string, body: UpdateLinkBody, form: FormUpdateOptions = {}) {
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
  if (body.seo !== undefined && (form.seoBesideTitle || (body.title === undefined && body.description === undefined))) {
    data.seo = body.seo as Prisma.InputJsonObject;
    if (body.title === undefined && typeof body.seo.title === "string") data.title = body.seo.title;
    if (body.description === undefined && typeof body.seo.description === "string") data.description = body.seo.description;
  }
  const groupId = form.groupId === undefined || form.groupId === link.groupId ? undefined : form.groupId;
  if (groupId !== undefined) data.group = groupId === null ? { disconnect: true } : { connect: { id: groupId } };
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
  assertScheduleOrder(extras, link);
  const { variants, ...columns } = extras;
  Object.assign(data, columns);
  if (variants !== undefined) data.variants = variantsColumn(variants);
  assertNoSelfLoop(link.domain, link.slug, { destination: data.destination, alternateBackUrl: data.alternateBackUrl, expiredUrl: extras.expiredUrl, ios: extras.ios, android: extras.android, ...variantUrlFields(variants) }, { geoRules: data.geoRules, languageRules: data.languageRules });
  const updatedFields = [...Object.keys(data).filter((field) => !(field in extras)), ...extrasFieldNames(extras)];
  if (updatedFields.length) {
    await db.$transaction(async (tx) => {
      if (groupId && !(await tx.group.findFirst({ where: { id: groupId, accountId: link.accountId }, select: { id: true } }))) {
        throw new HopError("GROUP_NOT_FOUND", { field: "groupId" });
      }
      // A new destination has not been checked yet (the sweep looks at it within a pass).
      const health = data.destination !== undefined && data.destination !== link.destination ? healthReset() : {};
      const updated = await tx.link.update({ where: { id: link.id }, data: { ...data, ...health } });
      await recordAudit(tx, link.accountId, { action: "link.updated", target: linkTarget(link), changes: variants === undefined ? data : { ...data, variants } });
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
