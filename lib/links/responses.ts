import { z } from "zod";
import { JsonObject, NestedCodeMessage, Timestamp } from "../validation/response-parts";
import { BEHAVIORS } from "./behaviors";
import { LinkHealth } from "./link-health";

// The success bodies of the /v1/links operations. The serializers in lib/links build their values
// `satisfies z.input<typeof …>` of these, so a drift fails tsc; the contract test
// (tests/helpers/contract.ts) checks every answer the HTTP tests receive against the document made
// from them too.

export const LinkObject = z
  .looseObject({
    id: z.string().meta({ description: "The slug on the primary domain; `<domain>__<slug>` elsewhere.", example: "spring-sale" }),
    url: z.string().meta({ description: "The full short URL.", example: "https://hop.example/spring-sale" }),
    slug: z.string(),
    domain: z.string(),
    destination: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    tags: z.array(z.string()),
    groupId: z.string().nullable(),
    isActive: z.boolean(),
    inactiveReason: z.literal("active_limit_reached").optional().meta({ description: "Present when the link was created inactive at the active limit." }),
    linkType: z.string().nullable(),
    type: z.enum(["deeplink", "website", "applink"]),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    // Extensions (docs/API.md): null or false when unset.
    expiresAt: Timestamp.nullable().meta({ description: "When the link expires (then `expiredUrl`, or a 410 page), or null." }),
    expiredUrl: z.string().nullable(),
    startsAt: Timestamp.nullable().meta({ description: "Before this instant visitors get a 404 \"not live yet\" page, or null." }),
    maxClicks: z.int().nullable().meta({ description: "After this many counted visits the link answers as expired, or null." }),
    hasPassword: z.boolean().meta({ description: "Whether visitors must enter a password (the password itself is never returned)." }),
    ios: z.string().nullable().meta({ description: "Where iPhone and iPad visitors go instead of the destination, or null." }),
    android: z.string().nullable().meta({ description: "Where Android visitors go instead of the destination, or null." }),
    variants: z
      .array(z.object({ url: z.string(), weight: z.int() }))
      .nullable()
      .meta({ description: "The link's A/B test: 2 to 4 destinations with weights adding up to 100, or null when it has none." }),
    health: LinkHealth,
  })
  .meta({ id: "Link" });

export const StoredGeoRule = z.looseObject({ countries: z.array(z.string()), presetId: z.string().optional(), cities: z.array(z.string()).optional(), redirectUrl: z.string() });
export const StoredLanguageRule = z.looseObject({ languages: z.array(z.string()), redirectUrl: z.string() });

export const LinkDetails = LinkObject.extend({
  behavior: z.enum(BEHAVIORS),
  geoRules: z.array(StoredGeoRule),
  languageRules: z.array(StoredLanguageRule),
  seo: JsonObject.nullable(),
  googleTags: JsonObject.nullable(),
  metaPixel: JsonObject.nullable(),
  alternateBackUrl: z.string().nullable(),
}).meta({ id: "LinkDetails" });

export const Pagination = z
  .object({ page: z.int(), limit: z.int(), totalCount: z.int(), totalPages: z.int(), hasMore: z.boolean() })
  .meta({ id: "Pagination" });

export const CreateLinkResult = z.object({ success: z.boolean(), data: LinkObject });
export const LinkList = z.object({ data: z.array(LinkObject), pagination: Pagination });
export const LinkGetResult = z.object({ data: LinkDetails });
export const LinkDeleteResult = z.object({ success: z.literal(true), id: z.string(), message: z.string() });
export const LinkUpdateResult = z.object({ success: z.boolean(), id: z.string(), message: z.string(), updatedFields: z.array(z.string()) });
export const LinkStatusResult = z.object({ success: z.boolean(), id: z.string(), isActive: z.boolean(), message: z.string() });

export const BulkCreateResult = z.object({
  success: z.boolean(),
  results: z.object({
    successful: z.array(LinkObject),
    failed: z.array(z.object({ index: z.int(), slug: z.unknown(), error: NestedCodeMessage })),
  }),
  createdCount: z.int(),
});
export const BulkStatusResult = z.object({
  success: z.boolean(),
  results: z.object({ successful: z.array(z.string()), failed: z.array(z.object({ identifier: z.string(), error: z.string() })) }),
  updatedCount: z.int(),
});
export const BulkDeleteResult = z.object({
  success: z.boolean(),
  message: z.string(),
  results: z.object({
    successful: z.array(z.string()),
    failed: z.array(z.object({ identifier: z.string(), error: z.string() })),
    skipped: z.array(z.object({ identifier: z.string(), id: z.string(), reason: z.literal("duplicate") })),
  }),
  deletedCount: z.int(),
  redeployPending: z.array(z.object({ domain: z.string(), reason: z.enum(["timed_out", "not_started", "failed"]) })),
});

export const ImportResultSchema = z
  .object({
    created: z.int().meta({ description: "Links created (with dryRun: that would be created)." }),
    failed: z.array(
      z.object({
        row: z.int().meta({ description: "1 = the first data row." }),
        slug: z.string().optional(),
        error: z.string(),
        code: z.string().optional(),
        suggestion: z.string().optional().meta({ description: "For a slug reserved on the primary domain: a variant that is free to use (`docs` → `docs-1`)." }),
      }),
    ),
    dryRun: z.boolean(),
  })
  .meta({ id: "ImportResult" });
