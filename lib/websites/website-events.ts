import type { Link } from "../generated/prisma/client";
import { shortUrlOf } from "../links/public-id";

/** What a website.published event says: the page's id, address and state (not its content). */
export function publishedWebsiteEvent(link: Pick<Link, "publicId" | "domain" | "slug" | "templateId" | "title" | "isActive" | "updatedAt">) {
  return { id: link.publicId, url: shortUrlOf(link.domain, link.slug), domain: link.domain, slug: link.slug, templateId: link.templateId, title: link.title, isActive: link.isActive, publishedAt: link.updatedAt.toISOString() };
}
