import { z } from "zod";

// The success body of GET /v1/analytics/links/{identifier}; lib/analytics builds it `satisfies` this schema.

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
