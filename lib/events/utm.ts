import { memoByString } from "../shared";

// A visit's campaign (docs/events.md, "UTM"): the utm_source, utm_medium and utm_campaign of the
// short link's own query when the visit came with any (a campaign tagging the short link), else
// those of the URL the visitor was sent to (a destination tagged once, on the link). Values as
// given, trimmed, at most 100 characters. Both are kept per string: campaigns repeat.

export interface Utm {
  source: string | null;
  medium: string | null;
  campaign: string | null;
}

export const NO_UTM: Utm = Object.freeze({ source: null, medium: null, campaign: null });

const MAX = 100;

function valueOf(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value ? value.slice(0, MAX) : null;
}

function fromParams(params: URLSearchParams): Utm {
  const utm = { source: valueOf(params, "utm_source"), medium: valueOf(params, "utm_medium"), campaign: valueOf(params, "utm_campaign") };
  return utm.source || utm.medium || utm.campaign ? utm : NO_UTM;
}

const ofQuery = memoByString(2_000, (search: string) => fromParams(new URLSearchParams(search)));

const ofUrl = memoByString(10_000, (url: string) => {
  const query = url.indexOf("?");
  if (query === -1) return NO_UTM;
  const hash = url.indexOf("#", query);
  return fromParams(new URLSearchParams(url.slice(query + 1, hash === -1 ? undefined : hash)));
});

/** The visit's UTM: the short link's query (`?…` or without `?`) first, then the destination's. */
export function utmOf(search: string | null | undefined, url: string | null | undefined): Utm {
  if (search && search.includes("utm_")) {
    const own = ofQuery(search);
    if (own !== NO_UTM) return own;
  }
  return url && url.includes("utm_") ? ofUrl(url) : NO_UTM;
}
