import { inlineElement, InlineHashes, type CspSources, type InlineGrant } from "../html/page";
import { embedOrigins } from "./embeds";
import { escapeHtml, safeHref } from "../html/escape";
import { ADULT_BUTTON_TITLE, renderBlocks, type SignupStatus } from "./blocks";
import { httpsImage, list, obj, str } from "./data";
import { designOf } from "./designs";
import { ADULT_BUTTON_ID } from "../events/rollups";
import { hidesBranding, isAdultGated, isFormBlock } from "./page-settings";
import { avatarPicture, renderProfile, renderSocials } from "./profile";
import { ownImageKey, ownImagePath } from "../images/image-address";
import { pageFont } from "./fonts";
import { pageCss, type StyleUse } from "./style";
import { trackingCsp, trackingMarkup, trackingTags } from "./tracking-tags";

// Server-rendered bio page: readable without JavaScript, every user string escaped, only
// http(s)/mailto/tel hrefs, CSS values from user data checked, and one small script (allowed by
// the response's nonce, or by its hash in a kept page) that reports button presses to the click
// beacon (plus the owner's own analytics tags, if set).

export interface WebsitePageInput {
  publicId: string;
  url: string;
  templateId: string | null;
  data: unknown;
  nonce: string;
  /** The visitor already confirmed the 18+ gate (`?adult=1`, the no-JavaScript path). */
  adultConfirmed: boolean;
  brandingUrl: string;
  /** In-app visitor whose page behavior leaves the app: buttons go through `?hop_go=<n>`. */
  outboundViaBehavior?: boolean;
  /** After a contact form post: `?contact=sent` or `?contact=invalid`. */
  contactStatus?: "sent" | "invalid" | null;
  /** The return from a sign-up block's post (`?signup=`). */
  signupStatus?: SignupStatus | null;
  /** The page's social card (`/__hop/card/…`, lib/bio/social-card.ts): its og:image unless the owner set one. */
  cardPath?: string;
  /** The time the page is drawn for (ms; default now): scheduled blocks outside their window are left out. */
  now?: number;
}

/** What this page adds to the visitor CSP: its analytics tags' hosts, and forms when it collects contacts. */
export function websitePageCsp(data: unknown): CspSources {
  return { ...trackingCsp(trackingTags(data)), formSelf: list(obj(data).links).some(isFormBlock), frame: embedOrigins(data) };
}

const GATE = `<div class="gate" id="hop-gate"><div><h2>This page is for adults</h2><p>Confirm that you are 18 or older to continue.</p><a class="btn" id="${ADULT_BUTTON_ID}" href="?adult=1" data-hop-id="${ADULT_BUTTON_ID}" data-hop-title="${ADULT_BUTTON_TITLE}" data-hop-type="adult-confirmation">${ADULT_BUTTON_TITLE}</a></div></div>`;

function beaconScript(publicId: string, grant: InlineGrant): string {
  const page = JSON.stringify(publicId).replace(/</g, "\\u003c");
  return inlineElement(grant, "script", `document.addEventListener("click",function(e){var a=e.target.closest&&e.target.closest("a[data-hop-id]");if(!a)return;if(navigator.sendBeacon)navigator.sendBeacon("/__hop/click",JSON.stringify({page:${page},id:a.dataset.hopId}));if(a.id==="${ADULT_BUTTON_ID}"){e.preventDefault();var g=document.getElementById("hop-gate");if(g)g.remove()}if(a.dataset.hopEmbed){e.preventDefault();var f=document.createElement("iframe");f.src=a.dataset.hopEmbed;f.title=a.dataset.hopTitle||"Media";f.className="embed embed-"+a.dataset.hopEmbedKind;f.allow="autoplay; encrypted-media; fullscreen; picture-in-picture";f.allowFullscreen=true;a.replaceWith(f);f.focus()}})`);
}

/** The page for one response, its inline style and script allowed by `input.nonce`. */
/** The page without its scripts (the click beacon), for frames that run none: the editor's preview, the design gallery. */
export function withoutScripts(html: string): string {
  // User text is escaped, so only the renderer's own tags match.
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
}

export function renderWebsitePage(input: WebsitePageInput): string {
  return render(input, { nonce: input.nonce });
}

/**
 * The page to keep as bytes: no nonce in it; its inline style and scripts are allowed by the
 * hashes returned (contentSecurityPolicy(hashes, websitePageCsp(data))). The same page as
 * renderWebsitePage's but for the nonce attributes.
 */
export function renderKeptWebsitePage(input: Omit<WebsitePageInput, "nonce">): { html: string; hashes: InlineHashes } {
  const hashes = new InlineHashes();
  return { html: render(input, hashes), hashes };
}

/**
 * The tab's icon and the social card's picture: the owner's own (`advanced.favicon`,
 * `advanced.ogImage`); else the icon is the avatar's picture (an uploaded one from the page's own
 * host, an https one as it is) and the card is the page's generated one (absolute, on the page's
 * host: a custom domain's own), or the avatar's picture where there is none (the preview).
 */
function sharedImages(data: Record<string, unknown>, pageUrl: string, cardPath?: string): { favicon: string | null; image: string | null } {
  const advanced = obj(data.advanced);
  const picture = avatarPicture(data);
  const origin = /^https?:\/\//i.test(pageUrl) ? new URL(pageUrl).origin : "";
  const ownFavicon = picture && "key" in picture ? ownImagePath(picture.key, 160) : null;
  const ownCard = picture && "key" in picture && origin ? origin + ownImagePath(picture.key) : null;
  const url = picture && "url" in picture ? picture.url : null;
  const card = cardPath && origin ? origin + cardPath : null;
  const uploadedKey = ownImageKey(advanced.ogImage);
  const uploaded = uploadedKey && origin ? origin + ownImagePath(uploadedKey) : null;
  return { favicon: httpsImage(advanced.favicon) ?? ownFavicon ?? url, image: httpsImage(advanced.ogImage) ?? uploaded ?? card ?? ownCard ?? url };
}

function render(input: Omit<WebsitePageInput, "nonce">, grant: InlineGrant): string {
  const data = obj(input.data);
  const profile = obj(data.profile);
  const advanced = obj(data.advanced);
  const design = designOf(input.templateId);
  const use: StyleUse = { buttonStyles: new Set(), animations: new Set(), contact: false, embeds: false, gate: false, spotlight: false, buttonColours: [] };
  const name = str(profile.name);
  const title = str(advanced.pageTitle) || name || "Links";
  const description = str(advanced.metaDescription) || str(profile.bio);
  const { favicon, image } = sharedImages(data, input.url, input.cardPath);
  const header = renderProfile(data, input.templateId, use);
  const font = pageFont(data.theme);
  const links = renderBlocks(data, { publicId: input.publicId, outboundViaBehavior: input.outboundViaBehavior === true, contactStatus: input.contactStatus ?? null, signupStatus: input.signupStatus ?? null, use, grid: design.layout === "grid", now: input.now ?? Date.now() });
  const bottomSocials = str(obj(data.socialsAppearance).position) === "bottom" ? renderSocials(data) : "";
  use.gate = isAdultGated(data) && !input.adultConfirmed;
  const branding = hidesBranding(data) ? "" : `<footer>Made with <a href="${safeHref(input.brandingUrl)}">Hop</a></footer>`;
  const head = [
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(title)}</title><meta name="description" content="${escapeHtml(description)}">`,
    input.url ? `<link rel="canonical" href="${escapeHtml(input.url)}">` : "",
    `<meta property="og:type" content="profile"><meta property="og:title" content="${escapeHtml(title)}"><meta property="og:description" content="${escapeHtml(description)}"><meta property="og:url" content="${escapeHtml(input.url)}">`,
    image ? `<meta property="og:image" content="${escapeHtml(image)}">` : "",
    `<meta name="twitter:card" content="${image && input.cardPath && image.endsWith(input.cardPath) ? "summary_large_image" : "summary"}"><meta name="twitter:title" content="${escapeHtml(title)}"><meta name="twitter:description" content="${escapeHtml(description)}">`,
    favicon ? `<link rel="icon" href="${escapeHtml(favicon)}">` : "",
    font ? `<link rel="preload" href="${font.url}" as="font" type="font/woff2" crossorigin>` : "",
    inlineElement(grant, "style", pageCss(design, data, use) + (font?.css ?? "")),
    trackingMarkup(trackingTags(data), grant),
  ].join("");
  return `<!doctype html><html lang="en"><head>${head}</head><body><main data-design="${escapeHtml(input.templateId ?? "")}">${header}<div class="links">${links}</div>${bottomSocials}${branding}</main>${use.gate ? GATE : ""}${beaconScript(input.publicId, grant)}</body></html>`;
}
