import { blockDestination, GO_PARAM } from "../bio/blocks";
import { isAdultGated, isBotProtected, pageGeoRules } from "../bio/page-settings";
import { bioPageCsp, renderBioPage } from "../bio/render-page";
import { obj, str } from "../bio/data";
import { config } from "../config";
import { recordClick, recordVisit } from "../events/record";
import { ADULT_BUTTON_ID } from "../events/rollups";
import type { VisitorGeo } from "../geoip/lookup";
import { shortUrlOf } from "../links/public-id";
import type { UaInfo } from "../ua/classify";
import { answerThroughBehavior, leavesInAppBrowser } from "./behaviors";
import { chooseDestination } from "./choose-destination";
import { nonce } from "../html/page";
import type { VisitLink } from "./link-cache";
import { previewPage } from "./pages";
import { header, htmlResponse, redirectResponse, type VisitAnswer, type VisitRequest } from "./respond";

// A bio page's visit: bots get the page uncounted (or, with botProtection, a preview without the
// links); people matching the page's geoRules are redirected; `?hop_go=<n>` sends an in-app
// visitor through the page's redirect behavior to button n; everyone else gets the page, counted.

interface Visitor {
  ua: UaInfo;
  geo: VisitorGeo;
}

function renderFor(link: VisitLink, options: { adultConfirmed: boolean; outboundViaBehavior: boolean; contactStatus: "sent" | "invalid" | null }): VisitAnswer {
  const n = nonce();
  const html = renderBioPage({ publicId: link.publicId, url: shortUrlOf(link.domain, link.slug), templateId: link.templateId, data: link.data, nonce: n, brandingUrl: config().appUrl, ...options });
  return htmlResponse(200, { nonce: n, html }, {}, bioPageCsp(link.data));
}

function botAnswer(link: VisitLink): VisitAnswer {
  if (!isBotProtected(link.data)) return renderFor(link, { adultConfirmed: false, outboundViaBehavior: false, contactStatus: null });
  const data = obj(link.data);
  const advanced = obj(data.advanced);
  const profile = obj(data.profile);
  const shown = { ...link, title: str(advanced.pageTitle) || str(profile.name) || link.title, description: str(advanced.metaDescription) || str(profile.bio) || null, seo: { image: str(advanced.ogImage) || str(profile.avatar) } };
  return htmlResponse(200, previewPage(shown, shortUrlOf(link.domain, link.slug), null), { "x-robots-tag": "noindex" });
}

export function answerWebsite(link: VisitLink, req: VisitRequest, { ua, geo }: Visitor): VisitAnswer {
  if (ua.isBot || req.method === "HEAD") return botAnswer(link);
  const referrer = header(req.headers, "referer") ?? null;
  const count = (redirected: boolean) =>
    recordVisit({ linkId: link.id, accountId: link.accountId, at: new Date(), country: geo.country, city: geo.city, device: ua.device, platform: ua.platform, browser: ua.browser, referrer, redirected });

  const params = new URLSearchParams(req.search);
  const go = params.get(GO_PARAM);
  if (go !== null) {
    // The page view was counted when the page loaded and the press by the beacon: nothing to record.
    const target = /^\d{1,3}$/.test(go) ? blockDestination(link.data, Number(go)) : null;
    if (!target) return redirectResponse(req.pathname);
    return answerThroughBehavior(target.url, link.behavior, ua, null);
  }

  const geoTarget = chooseDestination({ destination: null, geoRules: pageGeoRules(link.data), languageRules: [] }, { country: geo.country, city: geo.city, acceptLanguage: undefined });
  if (geoTarget) {
    count(true);
    return redirectResponse(geoTarget);
  }

  const contact = params.get("contact");
  const contactStatus = contact === "sent" || contact === "invalid" ? contact : null;
  // The return from our own contact form is the same visit, not a new view.
  if (!contactStatus) count(false);
  const adultConfirmed = params.get("adult") === "1";
  if (adultConfirmed && isAdultGated(link.data)) {
    // The gate's button without JavaScript: the confirmed reload is the tracked click.
    recordClick({ linkId: link.id, accountId: link.accountId, at: new Date(), buttonId: ADULT_BUTTON_ID, buttonTitle: "I am 18 or older", buttonUrl: null, buttonType: "adult-confirmation", country: geo.country, device: ua.device, platform: ua.platform, referrer });
  }
  return renderFor(link, {
    adultConfirmed,
    outboundViaBehavior: leavesInAppBrowser(link.behavior, ua.inApp),
    contactStatus,
  });
}
