import type { InAppName } from "../ua/classify";
import { escapeHtml, safeHref } from "../html/escape";
import { inlineElement, InlineHashes, nonce, page, type InlineGrant } from "../html/page";
import type { VisitLink } from "./link-cache";

export interface HtmlAnswer {
  html: string;
  nonce: string;
}

const APP_LABELS: Record<InAppName, string> = {
  instagram: "Instagram", facebook: "Facebook", messenger: "Messenger", threads: "Threads", tiktok: "TikTok", snapchat: "Snapchat",
  linkedin: "LinkedIn", x: "X", reddit: "Reddit", telegram: "Telegram", wechat: "WeChat", line: "LINE",
};

/** The visitor's one-message pages (404, 500, 503): a heading, a sentence, the brand. */
function messageHtml(n: string | InlineGrant, title: string, heading: string, text: string): string {
  return page({ nonce: n, title, head: '<meta name="robots" content="noindex">', body: `<main><h1>${heading}</h1><p>${text}</p><div class="brand">Hop</div></main>` });
}

// The 404 page is the answer to every scanned address: rendered once, with its style allowed by
// hash, and kept as bytes with its headers (respond.ts: notFoundResponse).
/** The 404 page (no nonce) and the hashes its CSP allows it by. */
export function keptNotFoundPage(): { html: string; hashes: InlineHashes } {
  const hashes = new InlineHashes();
  return { html: messageHtml(hashes, "Link not found", "This link does not exist", "It may have been switched off, deleted, or mistyped."), hashes };
}

/** What a visitor gets when their answer could not be made or written (e.g. a row stored before validation). */
export function errorPage(): HtmlAnswer {
  const n = nonce();
  return { nonce: n, html: messageHtml(n, "Something went wrong", "Something went wrong", "This link could not be opened. Please try again later.") };
}

/** What a visitor gets while the database cannot be reached for an address not in the cache (503). */
export function unavailablePage(): HtmlAnswer {
  const n = nonce();
  return { nonce: n, html: messageHtml(n, "Temporarily unavailable", "Temporarily unavailable", "This link cannot be opened right now. Please try again in a moment.") };
}

/** An expired link without an expired URL (410). */
export function expiredPage(): HtmlAnswer {
  const n = nonce();
  return { nonce: n, html: messageHtml(n, "Link expired", "This link has expired", "Its owner set it to stop working after a date that has passed.") };
}

/** A scheduled link before its `startsAt` (404: nothing to index or preview yet). */
export function notYetPage(): HtmlAnswer {
  const n = nonce();
  return { nonce: n, html: messageHtml(n, "Link not live yet", "This link is not live yet", "Its owner set it to start working later. Try again then.") };
}

const PASSWORD_STYLE = `form{text-align:left}label{display:block;font-weight:600;margin:0 0 6px}input{display:block;width:100%;padding:12px 14px;border:1px solid #b9b4cc;border-radius:12px;font:inherit;margin:0 0 14px}input:focus{outline:2px solid #4f46e5;outline-offset:1px;border-color:#4f46e5}button.btn{width:100%;border:0;font:inherit;font-weight:600;cursor:pointer}.error{color:#b42318;margin:-6px 0 14px}`;

/**
 * The form before a password-protected link: the short address and nothing of where it leads.
 * It posts to its own address (the visit's query string kept), which answers the way on or the
 * form again with `problem`.
 */
export function passwordPage(shortUrl: string, problem: string | null): HtmlAnswer {
  const n = nonce();
  const described = problem ? ' aria-invalid="true" aria-describedby="hop-password-error"' : "";
  const error = problem ? `<p class="error" id="hop-password-error" role="alert">${escapeHtml(problem)}</p>` : "";
  const body = `<main><h1>This link is password protected</h1><p>Enter the password to open <strong>${escapeHtml(shortUrl.replace(/^https?:\/\//, ""))}</strong>.</p><form method="post"><label for="hop-password">Password</label><input id="hop-password" name="password" type="password" required maxlength="128" autocomplete="current-password" autofocus${described}>${error}<button class="btn" type="submit">Continue</button></form><div class="brand">Hop</div></main>`;
  return { nonce: n, html: page({ nonce: n, title: "Password required", head: `<meta name="robots" content="noindex">${inlineElement({ nonce: n }, "style", PASSWORD_STYLE)}`, body }) };
}

/** Past the wrong tries a client may make on a link. */
export function passwordTriesPage(): HtmlAnswer {
  const n = nonce();
  return { nonce: n, html: messageHtml(n, "Too many tries", "Too many tries", "Too many wrong passwords from here. Please try again in 15 minutes.") };
}

/** What link-preview fetchers get: Open Graph and Twitter tags from the link's SEO fields. */
export function previewPage(link: VisitLink, shortUrl: string, destination: string | null): HtmlAnswer {
  const seo = (link.seo ?? {}) as { title?: unknown; description?: unknown; image?: unknown };
  const title = typeof seo.title === "string" && seo.title ? seo.title : link.title || link.publicId;
  const description = typeof seo.description === "string" && seo.description ? seo.description : link.description ?? "";
  const image = typeof seo.image === "string" && /^https?:\/\//i.test(seo.image) ? seo.image : null;
  const meta = [
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(shortUrl)}">`,
    image ? `<meta property="og:image" content="${escapeHtml(image)}">` : "",
    `<meta name="twitter:card" content="${image ? "summary_large_image" : "summary"}">`,
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(description)}">`,
    image ? `<meta name="twitter:image" content="${escapeHtml(image)}">` : "",
  ].join("");
  const n = nonce();
  const target = destination ? `<a class="btn" href="${safeHref(destination)}">Continue</a>` : "";
  return { nonce: n, html: page({ nonce: n, title, head: meta, body: `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(description)}</p>${target}</main>` }) };
}

/** Android: Chrome through an intent URL (falling back where the app cannot); iOS: Safari's scheme. */
export function browserHandoff(destination: string, platform: string, fallback: string): string {
  const url = new URL(destination);
  if (platform === "android") {
    const scheme = url.protocol.replace(":", "");
    return `intent://${url.host}${url.pathname}${url.search}#Intent;scheme=${scheme};package=com.android.chrome;S.browser_fallback_url=${encodeURIComponent(fallback)};end`;
  }
  if (platform === "ios") return `x-safari-${destination}`;
  return destination;
}

export interface EscapeOptions {
  destination: string;
  app: InAppName;
  platform: string;
  attempt: boolean;
  alternateBackUrl: string | null;
}

/**
 * The escape page: a visible button that leaves the in-app browser (works without JavaScript) and
 * a link to stay. With `attempt`, a small script tries the hand-off at once. Kept as bytes by
 * escape-pages.ts (`grant`: its hashes); a nonce only where a page is made per response.
 */
export function escapePageHtml(options: EscapeOptions, grant: InlineGrant): string {
  const fallback = options.alternateBackUrl ?? options.destination;
  const handoff = browserHandoff(options.destination, options.platform, fallback);
  const handoffHref = escapeHtml(handoff);
  const back = options.alternateBackUrl
    ? `<a id="hop-back" class="link" href="${safeHref(options.alternateBackUrl)}">Having trouble? Try this page instead</a>`
    : "";
  const script = options.attempt
    ? inlineElement(grant, "script", `(function(){var h=${JSON.stringify(handoff).replace(/</g, "\\u003c")};setTimeout(function(){window.location.replace(h)},30)})()`)
    : "";
  const body = `<main><h1>Open in your browser</h1><p>You are in ${escapeHtml(APP_LABELS[options.app])}'s built-in browser. Open this link in your browser for the best experience.</p><a id="hop-open" class="btn" href="${handoffHref}">Open in browser</a><a id="hop-continue" class="link" href="${safeHref(options.destination)}">Continue here</a><br>${back}<div class="brand">Hop</div></main>${script}`;
  return page({ nonce: grant, title: "Open in your browser", head: '<meta name="robots" content="noindex">', body });
}
