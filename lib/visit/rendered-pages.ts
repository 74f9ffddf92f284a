import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { websitePageCsp, renderKeptWebsitePage, type WebsitePageInput } from "../bio/render-page";
import type { ContentCoding } from "../http/accept-encoding";
import { contentSecurityPolicy } from "../html/page";
import type { VisitLink } from "./link-cache";
import { preparedResponse, type PreparedResponse } from "../http/prepared-response";
import { fromKept, htmlHeaders, type VisitAnswer } from "./respond";
import { scheduleSpan } from "../bio/schedule";
import { cardPath } from "../bio/social-card";
import { usageNow } from "../usage/clock";

// A published bio page's response, rendered once per page and per variant (18+ gate confirmed,
// buttons through the in-app behavior, the contact form's return status) and kept as its bytes
// and headers: the page has no nonce (its inline style and scripts are allowed by their hashes in
// its CSP), so every response is the same kept objects — no copy, no encoding, no header built.
// A browser asks for br or gzip: each is compressed once, when first asked for (~9 KB → ~3 KB for
// ten links: the bytes are most of what a page costs to send, to the visitor's phone and to us).
// Kept per cached link object (a WeakMap): every change to the page is announced, the link cache
// drops that object, and the next visit renders afresh from the new one — so the kept response is
// invalidated with the link cache and bounded by it. A page with scheduled blocks is drawn for the
// time of the visit, and its kept response holds only between the schedule's edges around that time
// (lib/bio/schedule.ts): the first visit past an edge draws it again, with no publish.

export type PageVariant = Pick<WebsitePageInput, "adultConfirmed" | "outboundViaBehavior" | "contactStatus" | "signupStatus">;

interface Kept {
  csp: string;
  /** The span of time (ms) this drawing holds for: no scheduled block appears or goes within it. */
  from: number;
  until: number;
  identity: PreparedResponse;
  br?: PreparedResponse;
  gzip?: PreparedResponse;
}

const kept = new WeakMap<VisitLink, Map<string, Kept>>();

const variantKey = (v: PageVariant) => `${v.adultConfirmed ? 1 : 0}${v.outboundViaBehavior ? 1 : 0}${v.contactStatus ?? ""}${v.signupStatus ?? ""}`;

function encoded(csp: string, body: Buffer, coding: ContentCoding | null): PreparedResponse {
  const headers = htmlHeaders(csp, String(body.length));
  if (coding) headers["content-encoding"] = coding;
  headers.vary = "Accept-Encoding";
  return preparedResponse(200, headers, body);
}

// Brotli quality 5: ~0.4 ms for a 9 KB page and ~12 % larger than quality 11's, which takes ~9 ms
// of the server's thread (a stall every visitor at that moment would share).
const compress = { br: (b: Buffer) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: b.length } }), gzip: (b: Buffer) => gzipSync(b, { level: 9 }) };

function render(link: VisitLink, variant: PageVariant, brandingUrl: string, url: string, now: number): Kept {
  const { html, hashes } = renderKeptWebsitePage({ publicId: link.publicId, url, templateId: link.templateId, data: link.data, brandingUrl, now, cardPath: cardPath(link.id, link.templateId, link.data), ...variant });
  const csp = contentSecurityPolicy(hashes, websitePageCsp(link.data));
  return { csp, ...scheduleSpan(link.data, now), identity: encoded(csp, Buffer.from(html), null) };
}

/** The page's 200 answer for `variant` in `coding`, from the kept response when there is one. */
export function websitePageAnswer(link: VisitLink, variant: PageVariant, brandingUrl: string, url: string, coding: ContentCoding | null = null): VisitAnswer {
  let variants = kept.get(link);
  if (!variants) kept.set(link, (variants = new Map()));
  const key = variantKey(variant);
  const now = usageNow();
  let page = variants.get(key);
  if (!page || now < page.from || now >= page.until) variants.set(key, (page = render(link, variant, brandingUrl, url, now)));
  const chosen = coding ? (page[coding] ??= encoded(page.csp, compress[coding](page.identity.body), coding)) : page.identity;
  return fromKept(chosen);
}
