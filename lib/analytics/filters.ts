import { z } from "zod";

// The dashboard's "filter the whole page by it": one value of a visitor dimension (a click on a
// country, device, platform or referrer). Rollups hold each dimension apart, so a filtered page is
// read from the raw events (lib/analytics/link-analytics.ts). Values as stored: lower-case country
// codes (or `unknown`), device and platform names, referrer hosts (or `direct`).

export const ANALYTICS_FILTERS = ["country", "device", "platform", "referrer"] as const;
export type AnalyticsFilterName = (typeof ANALYTICS_FILTERS)[number];
export type AnalyticsFilters = Partial<Record<AnalyticsFilterName, string>>;

/** The filters of a page's address; a malformed value is dropped, never an error page. */
export const AnalyticsFiltersQuery = z.object({
  country: z.string().regex(/^([a-z]{2}|unknown)$/i).transform((code) => code.toLowerCase()).optional().catch(undefined),
  device: z.string().regex(/^[a-z]{1,20}$/).optional().catch(undefined),
  platform: z.string().regex(/^[a-z]{1,20}$/).optional().catch(undefined),
  referrer: z.string().min(1).max(253).regex(/^[a-z0-9.-]+$/i).optional().catch(undefined),
});

export function hasFilters(filters: AnalyticsFilters | undefined): filters is AnalyticsFilters {
  return Boolean(filters && ANALYTICS_FILTERS.some((name) => filters[name] !== undefined));
}
