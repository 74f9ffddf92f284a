import type { z } from "zod";
import type { Link } from "../generated/prisma/client";
import { toLinkHealth } from "./link-health";
import { shortUrlOf } from "./public-id";
import { storedVariants } from "./variants";
import type { LinkDetails, LinkObject, StoredGeoRule, StoredLanguageRule } from "./responses";

// The columns below are plain strings and JSON in the database; the casts name the values they
// hold (type, inactiveReason and behavior written from their enums, rules stored normalised).
type LinkObjectBody = z.input<typeof LinkObject>;
type LinkDetailsBody = z.input<typeof LinkDetails>;

/** The link object of API.md (list and create). */
export function toLinkObject(link: Link) {
  return {
    id: link.publicId,
    url: shortUrlOf(link.domain, link.slug),
    slug: link.slug,
    domain: link.domain,
    destination: link.destination ?? "",
    title: link.title ?? "",
    description: link.description,
    tags: link.tags,
    groupId: link.groupId,
    isActive: link.isActive,
    ...(link.inactiveReason ? { inactiveReason: link.inactiveReason as LinkObjectBody["inactiveReason"] } : {}),
    linkType: link.clientLabel,
    type: link.type as LinkObjectBody["type"],
    createdAt: link.createdAt.toISOString(),
    updatedAt: link.updatedAt.toISOString(),
    expiresAt: link.expiresAt?.toISOString() ?? null,
    expiredUrl: link.expiredUrl,
    startsAt: link.startsAt?.toISOString() ?? null,
    maxClicks: link.maxClicks,
    hasPassword: link.passwordHash !== null,
    ios: link.ios,
    android: link.android,
    variants: storedVariants(link.variants),
    health: toLinkHealth(link),
  } satisfies LinkObjectBody;
}

/** GET /v1/links/{identifier}: every stored field. */
export function toLinkDetails(link: Link) {
  return {
    ...toLinkObject(link),
    behavior: link.behavior as LinkDetailsBody["behavior"],
    geoRules: link.geoRules as z.input<typeof StoredGeoRule>[],
    languageRules: link.languageRules as z.input<typeof StoredLanguageRule>[],
    seo: link.seo as LinkDetailsBody["seo"],
    googleTags: link.googleTags as LinkDetailsBody["googleTags"],
    metaPixel: link.metaPixel as LinkDetailsBody["metaPixel"],
    alternateBackUrl: link.alternateBackUrl,
  } satisfies LinkDetailsBody;
}

export type LinkDetails = ReturnType<typeof toLinkDetails>;

/** What a link.deleted event says of the link that is gone. */
export function deletedLinkEvent(link: Pick<Link, "publicId" | "domain" | "slug">) {
  return { id: link.publicId, domain: link.domain, slug: link.slug, url: shortUrlOf(link.domain, link.slug) };
}
