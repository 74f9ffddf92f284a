import { z } from "zod";
import { CreateLinkBody, UpdateLinkBody } from "./schemas";

// The dashboard's link form saves in one request (and one transaction): a create takes what
// POST /v1/links takes plus the fields only PUT /v1/links takes (seo, tracking, the back URL); an
// edit takes PUT's fields, the seo object beside the title and description (PUT alone ignores it
// there), and the group. The API's own operations keep their shapes.

const onlyPut = UpdateLinkBody.shape;

export const LinkFormCreateBody = CreateLinkBody.extend({
  seo: onlyPut.seo,
  googleTags: onlyPut.googleTags,
  metaPixel: onlyPut.metaPixel,
  alternateBackUrl: onlyPut.alternateBackUrl,
});
export type LinkFormCreateBody = z.infer<typeof LinkFormCreateBody>;

export const LinkFormUpdateBody = UpdateLinkBody.extend({
  /** A group of the link's owner; null takes the link out of its group. */
  groupId: z.string().max(100).nullable().optional(),
});
export type LinkFormUpdateBody = z.infer<typeof LinkFormUpdateBody>;
