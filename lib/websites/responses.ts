import { z } from "zod";
import { Pagination } from "../links/responses";
import { Timestamp } from "../validation/response-parts";

// The success bodies of the /v1/websites operations; lib/websites builds each `satisfies` its schema.

export const WebsiteCreateResult = z.object({
  message: z.string(),
  id: z.string(),
  url: z.string(),
  isActive: z.boolean(),
  deployment: z.object({ status: z.enum(["ready", "pending", "failed"]) }).optional().meta({ description: "Only for a custom-domain page published with deployToHosting." }),
});
export const WebsiteGetResult = z.object({
  data: z.object({
    id: z.string(),
    url: z.string(),
    slug: z.string(),
    domain: z.string(),
    templateId: z.string().nullable(),
    data: z.unknown(),
    isActive: z.boolean(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  }),
});
export const WebsiteDuplicateResult = z.object({ message: z.string(), id: z.string(), url: z.string(), sourceId: z.string() });
export const ContactList = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      websiteId: z.string(),
      blockId: z.string().nullable(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      message: z.string().nullable(),
      createdAt: Timestamp,
    }),
  ),
  pagination: Pagination,
});

export const SubscriberObject = z.object({
  id: z.string().meta({ description: "`sub_…`" }),
  websiteId: z.string(),
  blockId: z.string(),
  email: z.string(),
  status: z.enum(["pending", "confirmed"]).meta({ description: "`pending`: the confirmation link is out (deleted unless opened within 48 hours); `confirmed`: on the list." }),
  optIn: z.enum(["double", "single"]).meta({ description: "`double`: confirmed by a mailed link (SMTP set); `single`: stored at once (no SMTP)." }),
  confirmedAt: Timestamp.nullable(),
  createdAt: Timestamp,
});
export const SubscriberList = z.object({ data: z.array(SubscriberObject), pagination: Pagination });
export const SubscriberDeleteResult = z.object({ message: z.string(), id: z.string() });
