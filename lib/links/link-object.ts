import type { Link } from "../generated/prisma/client";
import { shortUrlOf } from "./public-id";

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
    ...(link.inactiveReason ? { inactiveReason: link.inactiveReason } : {}),
    linkType: link.linkType,
    type: link.type,
    createdAt: link.createdAt.toISOString(),
    updatedAt: link.updatedAt.toISOString(),
  };
}

/** GET /v1/links/{identifier}: every stored field. */
export function toLinkDetails(link: Link) {
  return {
    ...toLinkObject(link),
    behavior: link.behavior,
    geoRules: link.geoRules,
    languageRules: link.languageRules,
    seo: link.seo,
    googleTags: link.googleTags,
    metaPixel: link.metaPixel,
    alternateBackUrl: link.alternateBackUrl,
  };
}

export type LinkDetails = ReturnType<typeof toLinkDetails>;
