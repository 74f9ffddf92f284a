import { z } from "zod";
import { AUDIENCES, BOT_REASONS } from "./audience";

// The success body of GET /v1/analytics/links/{identifier}; lib/analytics builds it `satisfies` this schema.

const Counts = z.record(z.string(), z.number());
const NamedViews = z.array(z.object({ name: z.string(), views: z.number() }));
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
      uniqueVisitors: z.number().nullable().meta({ description: "People in the bucket, each once per UTC day (in the hour of their first visit that day); null for `audience=bots` and filtered answers." }),
      botViews: z.number().meta({ description: "Bots' views in the bucket, whatever the audience." }),
      botReasons: Counts.meta({ description: "Bots' views in the bucket by reason." }),
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
  audience: z.enum(AUDIENCES).meta({ description: "Whose views the figures above count: `people` (default), `bots` or `all`." }),
  uniqueVisitors: z.number().nullable().meta({ description: "The sum of the range's daily unique visitors (a person on two days counts twice); null for `audience=bots`." }),
  botViews: z.object({ total: z.number(), byReason: z.object(Object.fromEntries(BOT_REASONS.map((reason) => [reason, z.number()])) as Record<(typeof BOT_REASONS)[number], z.ZodNumber>) })
    .meta({ description: "Bots' views in the range, whatever the audience: link-preview fetchers (`preview`), crawlers (`crawler`), HEAD requests (`head`), prefetches (`prefetch`), data-centre and library clients (`datacenter`)." }),
  utmStats: z.object({ sources: NamedViews, mediums: NamedViews, campaigns: NamedViews })
    .meta({ description: "The audience's views by utm_source, utm_medium and utm_campaign: the short link's query when the visit carried any, else the destination's." }),
  variantStats: z
    .array(z.object({ index: z.int(), url: z.string(), weight: z.int(), views: z.number() }))
    .nullable()
    .meta({ description: "Views per variant of the link's A/B test (in the order of its `variants`), or null for a link without one." }),
});

/** GET /v1/analytics/overview: every link and page of the account together (lib/analytics/account-overview.ts). */
export const AnalyticsOverviewResult = z.object({
  from: z.string().meta({ description: "Start of the range (ISO 8601)." }),
  bucket: z.enum(["hour", "day", "month"]),
  series: z.array(z.object({ date: z.string(), views: z.number(), clicks: z.number() })),
  totalViews: z.number(),
  totalClicks: z.number(),
  topLinks: z.array(z.object({ id: z.string(), title: z.string().nullable(), url: z.string(), type: z.string(), views: z.number(), clicks: z.number() })).meta({ description: "The five most viewed links and pages." }),
  topCountries: z.array(z.object({ name: z.string(), views: z.number() })).meta({ description: "The eight countries with most views (ISO alpha-2, or `unknown`)." }),
});
