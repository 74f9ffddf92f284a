import { z } from "zod";
import { codedError } from "../validation/coded";
import { BEHAVIORS } from "./behaviors";
import { VARIANT_COUNT } from "./variant-count";

// The request schemas of every /v1/links operation, in one place: the API wrapper validates with
// them, lib/links reads their types, and the OpenAPI document (lib/api/openapi) is generated from them.
// Checks that need the database or the URL parser (normalized destination, reserved slugs, a
// verified domain, known countries) run in lib/links after these.

export { BEHAVIORS };
export const Behavior = z.enum(BEHAVIORS).meta({ description: "Redirect behavior; free plans always store `conservative`." });

const HttpUrl = (description: string) =>
  z.string({ error: codedError("INVALID_DESTINATION_URL") }).meta({ description: `${description} Absolute http(s) URL (surrounding spaces trimmed); otherwise 400 INVALID_DESTINATION_URL.`, example: "https://example.com/page" });

export const GeoRuleInput = z
  .object({
    countries: z.array(z.string().min(1).max(100)).max(300).optional().meta({ description: "ISO 3166-1 alpha-2 codes or English country names; stored as codes.", example: ["US", "Canada"] }),
    presetId: z.string().min(1).max(100).optional().meta({ description: "A saved geo preset whose countries are copied in when the link is saved." }),
    cities: z.array(z.string().trim().min(1).max(100)).max(100).optional().meta({ description: "Matched as case-insensitive substrings." }),
    redirectUrl: HttpUrl("Where matching visitors go."),
  })
  .passthrough()
  .meta({ id: "GeoRule", description: "Needs countries, a presetId or cities. Rules are evaluated in order; the first match wins." });

export const LanguageRuleInput = z
  .object({
    languages: z.array(z.string()).min(1).max(50).meta({ description: "Language tags (`fr`, `pt-BR`); `fr-CA` visitors match `fr`.", example: ["fr", "pt-BR"] }),
    redirectUrl: HttpUrl("Where matching visitors go."),
  })
  .passthrough()
  .meta({ id: "LanguageRule" });

const GeoRules = z.array(GeoRuleInput).max(50).nullable();

// The extension fields (docs/API.md "Extensions"): additive, the same on create and update.
const EXPIRATION_FORMAT = "expiresAt must be an ISO 8601 date-time with an offset, like 2026-12-31T23:59:00Z.";
export const LINK_PASSWORD_LENGTH = { min: 4, max: 128 } as const;
const PASSWORD_LENGTH = `password must be ${LINK_PASSWORD_LENGTH.min} to ${LINK_PASSWORD_LENGTH.max} characters.`;
const START_FORMAT = "startsAt must be an ISO 8601 date-time with an offset, like 2026-12-01T09:00:00Z.";
export const MAX_CLICKS_LIMIT = 1_000_000_000;
const MAX_CLICKS_RANGE = "maxClicks must be a whole number from 1 to 1,000,000,000, or null.";
const VARIANT_COUNT_RANGE = `variants must list ${VARIANT_COUNT.min} to ${VARIANT_COUNT.max} destinations, or be null.`;
const VARIANT_WEIGHT_RANGE = "weight must be a whole number from 1 to 99; the weights add up to 100.";
export const VariantInput = z
  .object({
    url: HttpUrl("Where this share of visitors goes."),
    weight: z
      .int({ error: codedError("invalid_request", VARIANT_WEIGHT_RANGE) })
      .min(1, { error: codedError("invalid_request", VARIANT_WEIGHT_RANGE) })
      .max(99, { error: codedError("invalid_request", VARIANT_WEIGHT_RANGE) })
      .meta({ description: "Percent of visitors (a whole number); the weights of a link add up to 100.", example: 50 }),
  })
  .meta({ id: "LinkVariant" });
const Variants = z
  .array(VariantInput, { error: codedError("invalid_request", VARIANT_COUNT_RANGE) })
  .min(VARIANT_COUNT.min, { error: codedError("invalid_request", VARIANT_COUNT_RANGE) })
  .max(VARIANT_COUNT.max, { error: codedError("invalid_request", VARIANT_COUNT_RANGE) })
  .nullable()
  .optional()
  .meta({
    description:
      "An A/B test: 2 to 4 destinations whose weights add up to 100 (else 400 invalid_request naming `variants`). Each visitor is given one by weight and keeps it through the UTC day (no cookie); geo, language and device rules still win over it. null ends the test.",
    example: [{ url: "https://example.com/a", weight: 50 }, { url: "https://example.com/b", weight: 50 }],
  });
const LinkExtensionFields = {
  expiresAt: z
    .iso.datetime({ offset: true, error: codedError("INVALID_EXPIRATION", EXPIRATION_FORMAT) })
    .nullable()
    .optional()
    .meta({ description: "From this instant visitors go to `expiredUrl`, or get a 410 \"expired\" page. Must lie in the future on create (else 400 INVALID_EXPIRATION); null removes it.", example: "2026-12-31T23:59:00Z" }),
  expiredUrl: HttpUrl("Where visitors go once the link has expired (or used its `maxClicks`); null: the 410 page.").nullable().optional(),
  startsAt: z
    .iso.datetime({ offset: true, error: codedError("INVALID_SCHEDULE", START_FORMAT) })
    .nullable()
    .optional()
    .meta({ description: "Before this instant visitors get a 404 \"not live yet\" page. Must lie before `expiresAt` (else 400 INVALID_SCHEDULE); null removes it.", example: "2026-12-01T09:00:00Z" }),
  maxClicks: z
    .int({ error: codedError("invalid_request", MAX_CLICKS_RANGE) })
    .min(1, { error: codedError("invalid_request", MAX_CLICKS_RANGE) })
    .max(MAX_CLICKS_LIMIT, { error: codedError("invalid_request", MAX_CLICKS_RANGE) })
    .nullable()
    .optional()
    .meta({ description: "After this many counted visits (the views analytics show, since the link was made) the link answers as expired: `expiredUrl`, else the 410 page. Exact across instances; null removes it.", example: 500 }),
  password: z
    .string({ error: codedError("invalid_request", PASSWORD_LENGTH) })
    .min(LINK_PASSWORD_LENGTH.min, { error: codedError("invalid_request", PASSWORD_LENGTH) })
    .max(LINK_PASSWORD_LENGTH.max, { error: codedError("invalid_request", PASSWORD_LENGTH) })
    .nullable()
    .optional()
    .meta({ description: "Write-only: visitors must enter it before they are sent on. Stored as a bcrypt hash, never returned (see `hasPassword`); null removes it and ends every visitor's pass." }),
  ios: HttpUrl("Where iPhone and iPad visitors go instead of the destination (after geo and language rules).").nullable().optional(),
  android: HttpUrl("Where Android visitors go instead of the destination (after geo and language rules).").nullable().optional(),
  variants: Variants,
};
export type LinkExtensionInput = { [K in keyof typeof LinkExtensionFields]?: z.infer<(typeof LinkExtensionFields)[K]> };
const LanguageRules = z.array(LanguageRuleInput).max(50).nullable();

export const CreateLinkBody = z
  .object({
    url: HttpUrl("The destination."),
    slug: z
      .string({ error: codedError("INVALID_SLUG") })
      .nullable()
      .optional()
      .meta({
        description: "3 to 50 letters, digits, hyphens, underscores; stored lowercase; reserved words refused (400 INVALID_SLUG). Required on the primary and system domains (else 400 `Missing custom slug`); on a custom domain a random 7-character slug is generated when absent.",
        example: "spring-sale",
      }),
    domain: z
      .string({ error: codedError("invalid_domain", "domain must be a string.") })
      .nullable()
      .optional()
      .meta({ description: "Default: the primary domain. A system domain or a verified custom domain of the account.", example: "go.example.com" }),
    title: z.string().max(500).optional(),
    description: z.string().max(2000).optional(),
    tags: z.array(z.unknown()).max(100).optional().meta({ description: "Non-string entries are dropped." }),
    groupId: z.string().optional().meta({ description: "One of the owner's groups, else 400 GROUP_NOT_FOUND." }),
    behavior: Behavior.optional(),
    geoRules: GeoRules.optional(),
    languageRules: LanguageRules.optional(),
    forTeamOwner: z.boolean().optional().meta({ description: "Create in the team owner's account (needs an active admin/editor membership)." }),
    linkType: z.string().max(50).optional(),
    ...LinkExtensionFields,
  })
  .passthrough()
  .meta({ id: "CreateLinkBody" });
export type CreateLinkBody = z.infer<typeof CreateLinkBody>;

const JsonObject = z.record(z.string(), z.unknown());

export const UpdateLinkBody = z
  .object({
    destination: HttpUrl("The new destination.").optional(),
    title: z.string().max(500).optional(),
    description: z.string().max(2000).nullable().optional(),
    tags: z.array(z.unknown()).max(100).optional().meta({ description: "Non-string entries are dropped." }),
    googleTags: JsonObject.optional(),
    metaPixel: JsonObject.optional(),
    seo: JsonObject.optional().meta({ description: "Ignored when title or description is also given; its title/description set the link's." }),
    behavior: Behavior.optional(),
    geoRules: GeoRules.optional(),
    languageRules: LanguageRules.optional(),
    alternateBackUrl: HttpUrl("Recovery URL; null clears it.").nullable().optional(),
    ...LinkExtensionFields,
    slug: z.unknown().optional().meta({ description: "Cannot be changed: sending it answers 400 with field `slug`." }),
    domain: z.unknown().optional().meta({ description: "Cannot be changed: sending it answers 400 with field `domain`." }),
  })
  .passthrough()
  .meta({ id: "UpdateLinkBody" });
export type UpdateLinkBody = z.infer<typeof UpdateLinkBody>;

export const StatusBody = z.looseObject({ setActive: z.boolean().meta({ description: "true activates, false deactivates." }) }).meta({ id: "StatusBody" });

const BULK_STATUS_LINKS = "links must be an array of 1 to 100 link identifiers.";
export const BulkStatusBody = z
  .object({
    links: z
      .array(z.string().min(1), { error: codedError("invalid_request", BULK_STATUS_LINKS) })
      .min(1, { error: codedError("invalid_request", BULK_STATUS_LINKS) })
      .max(100, { error: codedError("invalid_request", BULK_STATUS_LINKS) })
      .meta({ description: "Link ids, bare slugs or short URLs.", example: ["spring-sale", "go.example.com__promo"] }),
    setActive: z.boolean(),
  })
  .meta({ id: "BulkStatusBody" });

const BULK_CREATE_LINKS = "links must be an array of 1 to 100 links.";
export const BulkCreateBody = z
  .object({
    links: z
      // Each entry is checked on its own (an invalid one is listed, not fatal), so the array takes any
      // value; the document shows the body an entry must be to succeed.
      .array(z.unknown().meta({ override: { $ref: "#/components/schemas/CreateLinkBody" } }), { error: codedError("invalid_request", BULK_CREATE_LINKS) })
      .min(1, { error: codedError("invalid_request", BULK_CREATE_LINKS) })
      .max(100, { error: codedError("invalid_request", BULK_CREATE_LINKS) })
      .meta({ description: "1 to 100 bodies of POST /v1/links (CreateLinkBody); each is validated on its own, in order, and an invalid one is listed in `results.failed`." }),
  })
  .meta({ id: "BulkCreateBody" });

export const BULK_DELETE_EMPTY = "links must be a non-empty array of link ids or short URLs.";
export const BulkDeleteBody = z
  .object({
    links: z
      .array(z.unknown(), { error: codedError("invalid_request", BULK_DELETE_EMPTY) })
      .min(1, { error: codedError("invalid_request", BULK_DELETE_EMPTY) })
      .max(100, { error: codedError("invalid_request", (issue) => `At most 100 links per request; ${(issue.input as unknown[]).length} were sent.`) })
      .meta({ description: "1 to 100 link ids or full short URLs (strings; any other entry is listed in `results.failed`).", example: ["spring-sale", "https://go.example.com/promo"] }),
  })
  .meta({ id: "BulkDeleteBody" });
