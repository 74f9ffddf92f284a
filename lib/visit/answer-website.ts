import { blockDestination, GO_PARAM, SIGNUP_STATUSES, type SignupStatus } from "../bio/blocks";
import { isBotProtected, pageGeoRules } from "../bio/page-settings";
import { obj, str } from "../bio/data";
import { config } from "../config";
import { preferredCoding } from "../http/accept-encoding";
import type { VisitorGeo } from "../geoip/lookup";
import { shortUrlOf } from "../links/public-id";
import type { UaInfo } from "../ua/classify";
import { answerThroughBehavior, leavesInAppBrowser } from "./behaviors";
import { chooseDestination, locationOf } from "./choose-destination";
import type { VisitLink } from "./link-cache";
import { previewPage } from "./pages";
import { botReasonOf, recordView } from "./record-view";
import { countAdultConfirmation } from "./record-click";
import { websitePageAnswer } from "./rendered-pages";
import { usageNow } from "../usage/clock";
import { afterSent, header, htmlResponse, redirectResponse, type VisitAnswer, type VisitRequest } from "./respond";

// A bio page's visit: bots of every kind get the page, recorded as a bot's view (or, with
// botProtection, a preview without the links) — a page has no redirect to give them; people matching the page's geoRules
// are redirected; `?hop_go=<n>` sends an in-app visitor through the page's redirect behavior to
// button n (a bot: the plain 302); everyone else gets the page, counted once it was written.

interface Visitor {
  ua: UaInfo;
  geo: VisitorGeo;
}

function renderFor(link: VisitLink, req: VisitRequest, options: { adultConfirmed: boolean; outboundViaBehavior: boolean; contactStatus: "sent" | "invalid" | null; signupStatus?: SignupStatus | null }): VisitAnswer {
  return websitePageAnswer(link, options, config().appUrl, shortUrlOf(link.domain, link.slug), req.sendsKeptCodings ? preferredCoding(header(req.headers, "accept-encoding")) : null);
}

function botAnswer(link: VisitLink, req: VisitRequest): VisitAnswer {
  if (!isBotProtected(link.data)) return renderFor(link, req, { adultConfirmed: false, outboundViaBehavior: false, contactStatus: null });
  const data = obj(link.data);
  const advanced = obj(data.advanced);
  const profile = obj(data.profile);
  const shown = { ...link, title: str(advanced.pageTitle) || str(profile.name) || link.title, description: str(advanced.metaDescription) || str(profile.bio) || null, seo: { image: str(advanced.ogImage) || str(profile.avatar) } };
  return htmlResponse(200, previewPage(shown, shortUrlOf(link.domain, link.slug), null), { "x-robots-tag": "noindex" });
}

interface PageView {
  link: VisitLink;
  visitor: Visitor;
  req: VisitRequest;
  /** null: not a new view (the return from the page's own contact form). */
  redirected: boolean | null;
  adultConfirmed: boolean;
}

/** What a person's page visit records once its answer was written (see afterSent: no closure). */
function recordPageView({ link, visitor: { ua, geo }, req, redirected, adultConfirmed }: PageView): void {
  const referrer = header(req.headers, "referer") ?? null;
  const userAgent = header(req.headers, "user-agent");
  const bot = botReasonOf(req, ua);
  if (redirected !== null) {
    recordView({ linkId: link.id, accountId: link.accountId, at: Date.now(), country: geo.country, city: geo.city, device: ua.device, platform: ua.platform, browser: ua.browser, referrer, redirected, url: null, bot, visitor: null, ip: geo.ip, userAgent, search: req.search });
  }
  // The gate's button without JavaScript: the confirmed reload is the tracked press.
  if (adultConfirmed && bot === null) countAdultConfirmation(link, { ua, geo, userAgent, referrer });
}

const NO_PARAMS = new URLSearchParams();

export function answerWebsite(link: VisitLink, req: VisitRequest, visitor: Visitor): VisitAnswer {
  const { ua, geo } = visitor;
  const params = req.search ? new URLSearchParams(req.search) : NO_PARAMS;
  const go = params.get(GO_PARAM);
  if (go !== null) {
    // The page view was counted when the page loaded and the press by the beacon: nothing to record.
    const target = /^\d{1,3}$/.test(go) ? blockDestination(link.data, Number(go), usageNow()) : null;
    if (!target) return redirectResponse(req.pathname);
    const location = locationOf(target.url);
    return ua.isBot ? redirectResponse(location) : answerThroughBehavior(location, link.behavior, ua, null);
  }
  if (ua.isBot) {
    // Served uncounted as a person's view, recorded as a bot's (with its reason).
    const page = botAnswer(link, req);
    page.onSent = afterSent(recordPageView, { link, visitor, req, redirected: false, adultConfirmed: false });
    return page;
  }

  const geoRules = pageGeoRules(link.data);
  const geoTarget = geoRules.length > 0 ? chooseDestination({ destination: null, geoRules, languageRules: [] }, { country: geo.country, city: geo.city, acceptLanguage: undefined }) : null;
  if (geoTarget) {
    const redirect = redirectResponse(locationOf(geoTarget));
    redirect.onSent = afterSent(recordPageView, { link, visitor, req, redirected: true, adultConfirmed: false });
    return redirect;
  }

  const contact = params.get("contact");
  const contactStatus = contact === "sent" || contact === "invalid" ? contact : null;
  const signup = params.get("signup");
  const signupStatus = (SIGNUP_STATUSES as readonly (string | null)[]).includes(signup) ? (signup as SignupStatus) : null;
  const adultConfirmed = params.get("adult") === "1";
  const page = renderFor(link, req, {
    adultConfirmed,
    outboundViaBehavior: leavesInAppBrowser(link.behavior, ua.inApp),
    contactStatus,
    signupStatus,
  });
  // The return from our own contact or sign-up form is the same visit, not a new view.
  page.onSent = afterSent(recordPageView, { link, visitor, req, redirected: contactStatus || signupStatus ? null : false, adultConfirmed });
  return page;
}
