import { z } from "zod";
import { BEHAVIORS } from "../../links/schemas";

// Success bodies of every /v1 operation, as the handlers in lib/ build them. They are not used to
// build the answers; the contract test (tests/helpers/contract.ts) checks every answer the HTTP
// tests receive against them, so a drift fails the suite.

const Timestamp = z.string().meta({ description: "ISO 8601 timestamp (UTC).", example: "2026-05-01T12:00:00.000Z" });
const JsonObject = z.record(z.string(), z.unknown());

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
  })
  .meta({ id: "Link" });

const StoredGeoRule = z.looseObject({ countries: z.array(z.string()), presetId: z.string().optional(), cities: z.array(z.string()).optional(), redirectUrl: z.string() });
const StoredLanguageRule = z.looseObject({ languages: z.array(z.string()), redirectUrl: z.string() });

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

const NestedCodeMessage = z.looseObject({ code: z.string(), message: z.string() });
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

const DnsRecord = z.object({ type: z.string(), host: z.string(), value: z.string() });
/** Additions (docs/domains.md): claim expiry, the periodic re-check and why a domain is (about to be) unverified. */
const VerificationState = {
  claimExpiresAt: Timestamp.nullable().meta({ description: "Addition: an unverified claim lapses at this time (then anyone may connect the domain); null once verified." }),
  lastCheckedAt: Timestamp.nullable().meta({ description: "Addition: the last DNS check (verify or the periodic re-check)." }),
  recordMissingSince: Timestamp.nullable().meta({ description: "Addition: a verified domain's record has been missing since then." }),
  graceEndsAt: Timestamp.nullable().meta({ description: "Addition: without the record, the domain becomes unverified at this time." }),
  warning: z.string().nullable().meta({ description: "Addition: what the owner should fix, while in the grace period." }),
  unverifiedAt: Timestamp.nullable().meta({ description: "Addition: when the re-check took verification away." }),
  unverifiedReason: z.string().nullable().meta({ description: "Addition: why verification was taken away." }),
};
export const DomainObject = z
  .object({
    id: z.string(),
    domain: z.string(),
    verified: z.boolean(),
    verifiedAt: Timestamp.nullable(),
    isDefault: z.boolean(),
    dnsRecords: DnsRecord,
    createdAt: Timestamp,
    ...VerificationState,
  })
  .meta({ id: "Domain" });
export const DomainList = z.object({ data: z.array(DomainObject) });
export const DomainDeleteResult = z.object({ domain: z.string(), message: z.string(), linksReassigned: z.int() });
export const DomainVerifyResult = z.object({
  domain: z.string(),
  verified: z.boolean(),
  message: z.string(),
  verifiedAt: Timestamp.nullable(),
  dnsStatus: z.object({ recordFound: z.boolean(), recordValue: z.string().nullable(), expectedValue: z.string() }),
  takenOver: z.literal(true).optional().meta({ description: "Addition: the caller's TXT proof moved the domain from the account that held it unverified." }),
});
export const DomainDnsResult = z.object({
  domain: z.string(),
  verified: z.boolean(),
  dnsRecords: DnsRecord,
  currentDns: z.object({ recordFound: z.boolean(), recordType: z.string().nullable(), recordValue: z.string().nullable(), matches: z.boolean() }),
  instructions: z.string(),
  ...VerificationState,
});

export const GroupObject = z
  .object({ id: z.string(), name: z.string(), description: z.string().nullable(), linkCount: z.int(), createdAt: Timestamp })
  .meta({ id: "Group" });
export const GroupList = z.object({ data: z.array(GroupObject) });
export const GroupLinksResult = z.object({
  groupId: z.string(),
  message: z.string(),
  updated: z.int(),
  failed: z.array(z.object({ linkId: z.string(), error: NestedCodeMessage })),
});
export const GroupDeleteResult = z.object({ id: z.string(), message: z.string(), linksUngrouped: z.int() });

export const GeoPresetObject = z
  .object({ id: z.string(), name: z.string(), countries: z.array(z.string()).meta({ example: ["DE", "AT", "CH"] }), createdAt: Timestamp })
  .meta({ id: "GeoPreset" });
export const GeoPresetList = z.object({ data: z.array(GeoPresetObject) });
export const GeoPresetDeleteResult = z.object({ success: z.literal(true), id: z.string(), message: z.string() });

export const WebsiteCreateResult = z.object({
  message: z.string(),
  id: z.string(),
  url: z.string(),
  isActive: z.boolean(),
  deployment: z.object({ status: z.enum(["ready", "pending", "failed"]) }).optional().meta({ description: "Only for a custom-domain page published with deployToHosting." }),
});
export const DraftCreateResult = z.object({
  success: z.literal(true),
  data: z.object({
    id: z.string(),
    templateId: z.string(),
    name: z.string(),
    editorUrl: z.string().meta({ description: "`{APP_URL}/editor/<id>`: the page editor, for the account's dashboard session.", example: "https://hop.example/editor/drf_abc" }),
  }),
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

const Counts = z.record(z.string(), z.number());
export const AnalyticsResult = z.looseObject({
  id: z.string(),
  identifier: z.string(),
  type: z.string().meta({ example: "Deeplink" }),
  resolvedBy: z.string().meta({ example: "customSlug" }),
  totalViews: z.number(),
  dailyViews: z.array(
    z.looseObject({
      date: z.string().meta({ description: "Bucket: `YYYY-MM-DDTHH:00`, `YYYY-MM-DD` or `YYYY-MM`." }),
      views: z.number(),
      clicks: z.number(),
      adultClicks: z.number(),
      countries: Counts,
      devices: Counts,
      platforms: Counts,
      referrers: Counts,
    }),
  ),
  deviceStats: Counts,
  countryStats: z.array(z.object({ name: z.string(), views: z.number() })),
  topCountry: z.string().nullable(),
  topCountryViews: z.number(),
  lastViewed: z.string().nullable(),
  platformStats: Counts,
  referrerStats: z.array(z.object({ domain: z.string(), views: z.number() })),
  totalClicks: z.number(),
  clicksByLink: z.array(
    z.looseObject({
      id: z.string(),
      count: z.number(),
      totalClicks: z.number(),
      title: z.string().nullable(),
      url: z.string().nullable(),
      type: z.string(),
      dailyClicks: z.array(z.object({ date: z.string(), clicks: z.number() })),
    }),
  ),
  adultConfirmation: z.object({ clicks: z.number(), rate: z.number() }).nullable(),
});

const HourlyDaily = z.object({ hourly: z.number(), daily: z.number() });
export const UsageResult = z.object({
  requestsToday: z.int(),
  requestsThisHour: z.int(),
  totalRequests: z.int(),
  rateLimit: HourlyDaily,
  remaining: HourlyDaily,
  resetAt: HourlyDaily.meta({ description: "Unix timestamps in seconds." }),
});
export const LimitsResult = z.object({
  plan: z.string(),
  links: z.object({ totalLimit: z.int().nullable(), activeLimit: z.int().nullable(), currentTotal: z.int(), currentActive: z.int() }),
  rateLimit: HourlyDaily,
  apiKeys: z.object({ active: z.int(), max: z.int() }),
});
export const ProfileResult = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  plan: z.string(),
  createdAt: z.union([Timestamp, z.unknown()]),
  apiKey: z.looseObject({ id: z.string(), name: z.string().nullable(), prefix: z.string(), role: z.string() }),
  teams: z.array(z.object({ ownerId: z.string(), ownerEmail: z.string(), role: z.string(), status: z.string() })),
});

export const OpenApiDocumentResult = z.looseObject({ openapi: z.string(), info: z.unknown(), paths: z.unknown() });
