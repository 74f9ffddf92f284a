import { z } from "zod";
import { BOT_REASONS } from "../events/record";
import { AnalyticsQuery } from "./timeframe";

// Whose views an analytics answer counts (docs/decisions/050-analytics-people-bots-uniques.md):
// people by default, as always; bots (link-preview fetchers, crawlers, HEAD requests, prefetches,
// data-centre and library clients) or both on request. `botViews` counts bots whatever the audience.

export const AUDIENCES = ["people", "bots", "all"] as const;
export type Audience = (typeof AUDIENCES)[number];
export { BOT_REASONS };

/** GET /v1/analytics/links/{identifier}'s query: the range and the audience. */
export const LinkAnalyticsQuery = AnalyticsQuery.extend({
  audience: z.enum(AUDIENCES).optional().meta({ description: "Whose views: `people` (default), `bots` or `all`." }),
});

/** A page address's audience; anything else is people's. */
export function audienceOf(value: string | undefined): Audience {
  return AUDIENCES.find((a) => a === value) ?? "people";
}
