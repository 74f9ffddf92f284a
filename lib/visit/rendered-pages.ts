import { randomBytes } from "node:crypto";
import { bioPageCsp, renderBioPage, type BioPageInput } from "../bio/render-page";
import { joinWithNonce, splitAtNonce, type NoncedBytes } from "../html/nonced-bytes";
import { contentSecurityPolicy, nonce } from "../html/page";
import type { VisitLink } from "./link-cache";
import { htmlHeaders, type VisitAnswer } from "./respond";

// A published bio page's HTML, rendered once per page and per variant (18+ gate confirmed, buttons
// through the in-app behavior, the contact form's return status) and kept with its CSP; each
// response only splices its own nonce in. Kept per cached link object (a WeakMap): every change to
// the page is announced, the link cache drops that object, and the next visit renders afresh from
// the new one — so the kept HTML is invalidated with the link cache and bounded by it.

export type PageVariant = Pick<BioPageInput, "adultConfirmed" | "outboundViaBehavior" | "contactStatus">;

interface Rendered {
  /** The page split at its nonce, as UTF-8. */
  page: NoncedBytes;
  cspParts: string[];
  /** The length with a 24-byte nonce (what nonce() gives). */
  length: string;
}

const NONCE_BYTES = 24;
// Random per process: no page content can contain it (user text is escaped and never sees it).
const PLACEHOLDER = `hop${randomBytes(12).toString("hex")}`;
const kept = new WeakMap<VisitLink, Map<string, Rendered>>();

const variantKey = (v: PageVariant) => `${v.adultConfirmed ? 1 : 0}${v.outboundViaBehavior ? 1 : 0}${v.contactStatus ?? ""}`;

function render(link: VisitLink, variant: PageVariant, brandingUrl: string, url: string): Rendered {
  const html = renderBioPage({ publicId: link.publicId, url, templateId: link.templateId, data: link.data, nonce: PLACEHOLDER, brandingUrl, ...variant });
  const page = splitAtNonce(html, PLACEHOLDER);
  const length = page.bytes + NONCE_BYTES * (page.parts.length - 1);
  return {
    page,
    cspParts: contentSecurityPolicy(PLACEHOLDER, bioPageCsp(link.data)).split(PLACEHOLDER),
    length: String(length),
  };
}

/** The page's 200 answer for `variant`, from the kept render when there is one. */
export function bioPageAnswer(link: VisitLink, variant: PageVariant, brandingUrl: string, url: string, n: string = nonce()): VisitAnswer {
  let variants = kept.get(link);
  if (!variants) kept.set(link, (variants = new Map()));
  const key = variantKey(variant);
  let page = variants.get(key);
  if (!page) variants.set(key, (page = render(link, variant, brandingUrl, url)));
  const body = joinWithNonce(page.page, n);
  const length = n.length === NONCE_BYTES ? page.length : String(body.length);
  return { status: 200, headers: htmlHeaders(page.cspParts.join(n), length), body };
}
