import type { Limits } from "../accounts/plans";
import { HopError } from "../errors";
import { DAY_MS, HOUR_MS, windowStarts, type HitResult } from "../usage/windows";

function windows(usage: HitResult, limits: Limits) {
  return {
    hourly: { limit: limits.hourly, remaining: Math.max(0, limits.hourly - usage.hourCount), resetAt: (usage.hourStart + HOUR_MS) / 1000 },
    daily: { limit: limits.daily, remaining: Math.max(0, limits.daily - usage.dayCount), resetAt: (usage.dayStart + DAY_MS) / 1000 },
  };
}

/** X-RateLimit-*: the hourly window, unless the daily one has fewer requests left. */
export function rateLimitHeaders(usage: HitResult, limits: Limits): Record<string, string> {
  const w = windows(usage, limits);
  const tighter = w.daily.remaining < w.hourly.remaining ? w.daily : w.hourly;
  return {
    "x-ratelimit-limit": String(limits.hourly),
    "x-ratelimit-remaining": String(tighter.remaining),
    "x-ratelimit-reset": String(tighter.resetAt),
  };
}

/** Free plans have no API quota: their 403 says so in the headers too. */
export function freePlanHeaders(now: number): Record<string, string> {
  const { hourStart } = windowStarts(now);
  return { "x-ratelimit-limit": "0", "x-ratelimit-remaining": "0", "x-ratelimit-reset": String((hourStart + HOUR_MS) / 1000) };
}

/** The 429 names the window that refused; a full daily window wins, since the hourly reset would not help. */
export function rateLimitRefusal(usage: HitResult, limits: Limits, now: number): { error: HopError; headers: Record<string, string> } {
  const w = windows(usage, limits);
  const window = w.daily.remaining === 0 ? "daily" : "hourly";
  const hit = w[window];
  const retryAfter = Math.max(1, Math.ceil(hit.resetAt - now / 1000));
  const headers = {
    "x-ratelimit-limit": String(limits.hourly),
    "x-ratelimit-remaining": "0",
    "x-ratelimit-reset": String(hit.resetAt),
    "retry-after": String(retryAfter),
  };
  const error = new HopError("rate_limit_exceeded", {
    message: `The ${window} limit of ${hit.limit} requests for this API key is reached; it resets at ${new Date(hit.resetAt * 1000).toISOString()}.`,
    extras: {
      limit: hit.limit,
      remaining: 0,
      resetAt: hit.resetAt,
      window,
    },
  });
  return { error, headers };
}
