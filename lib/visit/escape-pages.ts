import { tunable } from "../config";
import { LRUCache } from "lru-cache";
import { contentSecurityPolicy, InlineHashes } from "../html/page";
import { shared } from "../shared";
import { escapePageHtml, type EscapeOptions } from "./pages";
import { preparedResponse, type PreparedResponse } from "../http/prepared-response";
import { fromKept, htmlHeaders, type VisitAnswer } from "./respond";

// The escape page is a function of its options alone (destination, app, platform, attempt, back
// URL), so it is kept as bytes with its CSP by hash, like a bio page: the in-app visitors of a link
// (on a link in bio, most of them: Instagram, TikTok) get the same kept Buffer and headers. No
// invalidation is needed — a changed link makes other options, another entry. A bounded LRU: a
// stream of new destinations (visitors' forwarded queries) only churns it.

/** At most this many pages (~1.5 KB each, ~3 KB once sent: the one-write bytes too; ~6 MB), least recently used evicted first. */
export const ESCAPE_PAGE_CACHE_MAX = tunable("ESCAPE_PAGE_CACHE_MAX");

export function createEscapePageCache(max = ESCAPE_PAGE_CACHE_MAX): LRUCache<string, PreparedResponse> {
  return new LRUCache<string, PreparedResponse>({ max });
}

const keptPages = () => shared("escapePages", () => createEscapePageCache());

const keyOf = (o: EscapeOptions) => `${o.destination}\u0000${o.app}\u0000${o.platform}\u0000${o.attempt ? 1 : 0}\u0000${o.alternateBackUrl ?? ""}`;

/** The escape page's 200 answer, from the kept page when there is one. */
export function escapePageResponse(options: EscapeOptions, cache: LRUCache<string, PreparedResponse> = keptPages()): VisitAnswer {
  const key = keyOf(options);
  let page = cache.get(key);
  if (!page) {
    const hashes = new InlineHashes();
    const body = Buffer.from(escapePageHtml(options, hashes));
    page = preparedResponse(200, htmlHeaders(contentSecurityPolicy(hashes), String(body.length)), body);
    cache.set(key, page);
  }
  return fromKept(page);
}
