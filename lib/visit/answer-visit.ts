import { availableParallelism } from "node:os";
import { config } from "../config";
import { normalizeHttpUrl } from "../links/http-url";
import { errorFields, log } from "../log";
import { shortUrlOf } from "../links/public-id";
import { RESERVED_SLUGS } from "../links/reserved";
import { answerThroughBehavior } from "./behaviors";
import { chooseDestination, forwardQuery, locationOf, variantOfVisitor } from "./choose-destination";
import { answerWebsite } from "./answer-website";
import { geoOf, uaOf } from "./connection-visitor";
import { cachedHostHasLinks, cachedLink, hostHasLinks, lookupLink, type VisitLink } from "./link-cache";
import pLimit from "p-limit";
import { expiredPage, notYetPage, passwordPage, passwordTriesPage, previewPage } from "./pages";
import { capHasRoom, takeCappedVisit } from "./click-cap";
import { hasPass, passCookie, takePasswordTry } from "./link-pass";
import { passwordOpens } from "../links/link-extras";
import type { UaInfo } from "../ua/classify";
import { FAVICON, FAVICON_PATH } from "./favicon";
import { botReasonOf, recordView } from "./record-view";
import { afterSent, errorResponse, header, htmlResponse, notFoundResponse, redirectResponse, type VisitAnswer, type VisitRequest } from "./respond";

// The visitor core, run by the server's fast path (node-handler.ts): host + path → the answer
// (302, escape page, preview page, website, 404). It never imports Next. A cached address is
// answered synchronously: no database, no await.

export type { VisitAnswer, VisitRequest } from "./respond";

type Address = { domain: string; slug: string; custom: boolean } | "app" | "unknown-host" | "nowhere";

/**
 * Which address a request names, or that it belongs to the app. "unknown-host" needs a lookup.
 * The primary domain is matched with its port (it may be `localhost:3000`); system and custom
 * domains are names without ports, so a port on the Host header is ignored for them.
 */
export function addressOf(hostHeader: string, pathname: string): Address {
  const { primaryDomain, systemDomains, appHost } = config();
  const path = pathname.slice(1);
  const host = hostHeader === primaryDomain || hostHeader === appHost ? hostHeader : hostHeader.replace(/:\d+$/, "");
  if (host === primaryDomain || systemDomains.includes(host)) {
    const slug = path.toLowerCase();
    if (host === primaryDomain && host === appHost && (path === "" || isAppPath(slug))) return "app";
    return { domain: host, slug, custom: false };
  }
  if (host === appHost) return "app";
  const known = cachedHostHasLinks(host);
  if (known === false) return onHostWithoutLinks(pathname);
  if (known === undefined) return "unknown-host";
  return { domain: host, slug: path, custom: true };
}

/** Hop's mark for a browser's automatic /favicon.ico, on every host (a day in caches). */
function faviconResponse(): VisitAnswer {
  return { status: 200, headers: { "content-type": "image/x-icon", "content-length": String(FAVICON.length), "cache-control": "public, max-age=86400" }, body: FAVICON, onSent: undefined, prepared: undefined };
}

/** The lowercased path's first segment is one of the app's (not /site/…, a page's address). */
function isAppPath(lowerPath: string): boolean {
  const slash = lowerPath.indexOf("/");
  const first = slash === -1 ? lowerPath : lowerPath.slice(0, slash);
  return first !== "site" && RESERVED_SLUGS.has(first);
}

/**
 * A host that serves no links gets the app, but only the app's own paths: anything else would be
 * Next's 404, and a flood of random slugs on random Host headers must cost this 404 page, not a
 * render through Next each (the first request of each new host too, answered after its lookup).
 */
function onHostWithoutLinks(pathname: string): "app" | "nowhere" {
  const path = pathname.slice(1);
  return path === "" || RESERVED_SLUGS.has(path.split("/")[0].toLowerCase()) ? "app" : "nowhere";
}

// Who gets what (docs/redirect-behaviors.md, "Who gets what"): link-preview fetchers the preview page;
// other bots, crawlers and command-line clients the plain 302; people the link's behavior. Only a
// person's GET is a view; a bot's request, a HEAD or a prefetch is recorded as a bot's view with
// its reason (docs/events.md); both once the answer was written (`onSent`, see respond.ts). Before
// any of it, the link's own gates (docs/redirect-behaviors.md): not live yet, expired (by date,
// then by its click cap), then the password.
function answerFor(link: VisitLink | null, req: VisitRequest): VisitAnswer | Promise<VisitAnswer> {
  if (!link || !link.isActive || (link.type !== "website" && !link.destination)) return notFoundResponse();
  const ua = uaOf(req);
  if (link.type === "website") return answerWebsite(link, req, { ua, geo: geoOf(req) });
  if (link.startsAt !== null && Date.now() < link.startsAt) return htmlResponse(404, notYetPage());
  if (link.expiresAt !== null && Date.now() >= link.expiresAt) return expiredAnswer(link);
  if (link.maxClicks !== null) return answerCapped(link, req, ua);
  return answerBehindPassword(link, req, ua);
}

function answerBehindPassword(link: VisitLink, req: VisitRequest, ua: UaInfo): VisitAnswer {
  if (link.passwordHash !== null && !hasPass(link, req)) {
    if (ua.isPreview) return htmlResponse(200, previewPage(withoutPreviewImage(link), shortUrlOf(link.domain, link.slug), null));
    return htmlResponse(200, passwordPage(shortUrlOf(link.domain, link.slug), null), {}, PASSWORD_FORM_CSP);
  }
  return answerOpened(link, req, ua);
}

/**
 * A capped link: a visit that will be counted (a person's GET past the password, not a prefetch) takes one of the
 * link's slots first; any other request only looks whether one is left. None left: expired.
 */
function answerCapped(link: VisitLink, req: VisitRequest, ua: UaInfo): VisitAnswer | Promise<VisitAnswer> {
  const counted = botReasonOf(req, ua) === null && (link.passwordHash === null || hasPass(link, req));
  const room = counted ? takeCappedVisit(link) : capHasRoom(link);
  if (typeof room === "boolean") return room ? answerBehindPassword(link, req, ua) : expiredAnswer(link);
  return room.then((open) => (open ? answerBehindPassword(link, req, ua) : expiredAnswer(link)));
}

/**
 * Past the gates: the chosen URL, through the link's behavior, recorded as a person's view or a
 * bot's. A link with an A/B test gives the visitor a variant first; targeting rules still win over
 * it (docs/redirect-behaviors.md "A/B tests"). A link without one costs nothing more.
 */
function answerOpened(link: VisitLink, req: VisitRequest, ua: UaInfo): VisitAnswer {
  const geo = geoOf(req);
  const variants = link.variants;
  const variant = variants === null ? null : variantOfVisitor(link.id, variants, geo.ip, header(req.headers, "user-agent"), Date.now());
  const variantUrl = variants === null || variant === null ? null : variants[variant].url;
  const chosen = chooseDestination(link, { country: geo.country, city: geo.city, acceptLanguage: header(req.headers, "accept-language"), platform: ua.platform }, variantUrl)!;
  const destination = forwardQuery(locationOf(chosen), req.search);
  const answer = ua.isPreview
    ? htmlResponse(200, previewPage(link, shortUrlOf(link.domain, link.slug), destination))
    : ua.isBot
      ? redirectResponse(destination)
      : answerThroughBehavior(destination, link.behavior, ua, link.alternateBackUrl ? normalizeHttpUrl(link.alternateBackUrl) : null);
  const visit = {
    linkId: link.id,
    accountId: link.accountId,
    at: Date.now(),
    country: geo.country,
    city: geo.city,
    device: ua.device,
    platform: ua.platform,
    browser: ua.browser,
    referrer: header(req.headers, "referer") ?? null,
    redirected: answer.status === 302,
    url: chosen,
    bot: botReasonOf(req, ua),
    visitor: null,
    ip: geo.ip,
    userAgent: header(req.headers, "user-agent"),
    search: req.search,
    // Counted for the variant only when it decided: a targeting rule's visitor went elsewhere.
    variant: variantUrl !== null && chosen === variantUrl ? variant : null,
  };
  // A function and its argument, not an arrow or a bound function: no closure per visit.
  answer.onSent = afterSent(recordView, visit);
  return answer;
}

/** An expired link: its expired URL, or the 410 page; never a view. */
function expiredAnswer(link: VisitLink): VisitAnswer {
  return link.expiredUrl ? redirectResponse(locationOf(link.expiredUrl)) : htmlResponse(410, expiredPage());
}

/** A protected link's preview card: the SEO title and description, nothing that shows where it leads. */
function withoutPreviewImage(link: VisitLink): VisitLink {
  const seo = (link.seo ?? {}) as { title?: unknown; description?: unknown };
  return { ...link, seo: { title: seo.title, description: seo.description } };
}

/**
 * The password form's POST to the link's own address: the right password answers as the visit
 * would have (a view) with a pass cookie; a wrong one the form again (401); past PASSWORD_TRIES
 * wrong ones from the client's address (or PASSWORD_LINK_TRIES from all addresses), 429 until the
 * window ends. Any other link refuses POST.
 */
async function answerPasswordPost(link: VisitLink | null, req: VisitRequest): Promise<VisitAnswer> {
  if (!link || !link.isActive || link.type === "website" || !link.destination || link.passwordHash === null) return methodNotAllowed();
  if (link.startsAt !== null && Date.now() < link.startsAt) return htmlResponse(404, notYetPage());
  if (link.expiresAt !== null && Date.now() >= link.expiresAt) return expiredAnswer(link);
  if (link.maxClicks !== null && !(await capHasRoom(link))) return expiredAnswer(link);
  const shortUrl = shortUrlOf(link.domain, link.slug);
  const text = req.readBody ? await req.readBody(PASSWORD_FORM_MAX_BYTES) : "";
  if (text === null) return htmlResponse(413, passwordPage(shortUrl, "That was too long to be the password."), {}, PASSWORD_FORM_CSP);
  const password = new URLSearchParams(text).get("password") ?? "";
  if (!password) return htmlResponse(401, passwordPage(shortUrl, "Enter the password."), {}, PASSWORD_FORM_CSP);
  // The try is taken before the compare, never counted after it: see takePasswordTry.
  const taken = await takePasswordTry(link, req);
  if (!taken.allowed) return htmlResponse(429, passwordTriesPage(), { "retry-after": String(taken.retryAfterSeconds) });
  const hash = link.passwordHash;
  if (!(await passwordChecks(() => passwordOpens(password.slice(0, 1024), hash)))) {
    return htmlResponse(401, passwordPage(shortUrl, "That password is not right. Try again."), {}, PASSWORD_FORM_CSP);
  }
  await taken.giveBack();
  const ua = uaOf(req);
  if (link.maxClicks !== null && botReasonOf(req, ua) === null && !(await takeCappedVisit(link))) return expiredAnswer(link);
  const answer = answerOpened(link, req, ua);
  return { ...answer, headers: { ...answer.headers, "set-cookie": passCookie(link) }, prepared: undefined };
}

const PASSWORD_FORM_MAX_BYTES = 4096;
// A bcrypt compare is ~50 ms of CPU on libuv's pool (lib/auth/password-hash.ts): one core fewer
// than the machine has at a time (one at least), so a flood of posts leaves a core to the thread
// that answers redirects (on 2 cores, two compares at once took the redirects' p99 from 73 to
// 537 ms in `npm run bench -- interference`), and the pool's other threads to file reads and DNS.
const passwordChecks = pLimit(Math.max(1, Math.min(2, availableParallelism() - 1)));
const PASSWORD_FORM_CSP = { formSelf: true, formRedirectsOut: true };

function methodNotAllowed(): VisitAnswer {
  return { status: 405, headers: { allow: "GET, HEAD" }, body: "" };
}

/** HEAD: the GET's status and headers (its Content-Length included), no body; recorded as a bot's view (reason `head`) past a link's gates. */
function forMethod(answer: VisitAnswer, method: string): VisitAnswer {
  if (method !== "HEAD") return answer;
  return { status: answer.status, headers: { ...answer.headers, "content-length": String(Buffer.byteLength(answer.body)) }, body: "", onSent: answer.onSent, prepared: undefined };
}

/** An answer that cannot be made (a row stored before validation) is the error page, never a throw. */
function answerSafely(link: VisitLink | null, req: VisitRequest): VisitAnswer | Promise<VisitAnswer> {
  try {
    const answer = answerFor(link, req);
    // Only a capped link's answer may wait (its counter); a failure there is the visit's 503/500.
    if (answer instanceof Promise) return answer.then((made) => forMethod(made, req.method));
    return forMethod(answer, req.method);
  } catch (error) {
    log.error("visit answer failed", { host: req.host, path: req.pathname, ...errorFields(error) });
    return forMethod(errorResponse(), req.method);
  }
}

/**
 * null: the request is the app's (Next answers it). A VisitAnswer when the address is cached; a
 * Promise of one when it needs the database.
 */
export function answerVisit(req: VisitRequest): VisitAnswer | Promise<VisitAnswer | null> | null {
  if (req.method !== "GET" && req.method !== "HEAD") {
    const address = addressOf(req.host, req.pathname);
    // A password form's POST may be a custom domain's first request since its host left the cache.
    // Only on a path that may be a link's: the app's own (the API's POSTs) go on to Next at once.
    if (address === "unknown-host" && req.method === "POST" && onHostWithoutLinks(req.pathname) === "nowhere") {
      return hostHasLinks(req.host.replace(/:\d+$/, "")).then((serves) => (serves ? answerVisit(req) : null), () => null);
    }
    if (address === "app" || address === "unknown-host" || address === "nowhere") return null;
    if (req.method !== "POST" || /%|\/\/|(^|\/)\.\.?(\/|$)/.test(address.slug)) return methodNotAllowed();
    return lookupLink(address.domain, address.slug).then((link) => answerPasswordPost(link, req));
  }
  if (req.pathname === FAVICON_PATH) return forMethod(faviconResponse(), req.method);
  const address = addressOf(req.host, req.pathname);
  if (address === "app") return null;
  if (address === "nowhere") return forMethod(notFoundResponse(), req.method);
  if (address === "unknown-host") {
    return hostHasLinks(req.host.replace(/:\d+$/, "")).then(
      (serves) => {
        if (serves) return answerVisit(req) as VisitAnswer | Promise<VisitAnswer | null>;
        return onHostWithoutLinks(req.pathname) === "app" ? null : forMethod(notFoundResponse(), req.method);
      },
      (error: unknown) => {
        // The host could not be looked up (the database is away). A path under one of the app's
        // first segments is never a visitor's address on any host, so it stays the app's and its
        // surface answers in its own shape: /api/health and /v1/openapi.json need no database, the
        // API and the dashboard say 503 in JSON. Any other path (the root included: a custom
        // domain's page) is a visitor's, and gets the 503 page.
        if (req.pathname !== "/" && onHostWithoutLinks(req.pathname) === "app") return null;
        throw error;
      },
    );
  }
  if (/%|\/\/|(^|\/)\.\.?(\/|$)/.test(address.slug)) return forMethod(notFoundResponse(), req.method);
  const cached = cachedLink(address.domain, address.slug);
  if (cached !== undefined) return answerSafely(cached, req);
  return lookupLink(address.domain, address.slug).then((link) => answerSafely(link, req));
}
