import type { IncomingMessage, ServerResponse } from "node:http";
import { db } from "../db/open";
import { escapeHtml } from "../html/escape";
import { inlineElement, nonce, page } from "../html/page";
import { readBodyText } from "../http/read-body";
import { errorFields, log } from "../log";
import { clientIp } from "../net/client-ip";
import { classifyUserAgent } from "../ua/classify";
import { usageNow } from "../usage/clock";
import { findPostedPageAcrossAccounts } from "../websites/store-contact";
import { confirmLinkState, confirmSignup, CONFIRM_PATH, SIGNUP_PATH, storeSignup, unsubscribe, unsubscribeLinkState, UNSUBSCRIBE_PATH } from "../websites/store-signup";
import { header, htmlResponse, send, type VisitAnswer, type VisitorPost } from "./respond";
import { acceptSignupAttempt } from "./visitor-limits";

// A page's sign-up block posts here (`/__hop/signup` on the page's own host), without JavaScript,
// like the contact form (submit-contact.ts): the answer goes back to the page (303,
// `?signup=sent|check|invalid`). The links of the confirmation mail land on
// `/__hop/signup/confirm` and `/__hop/signup/unsubscribe`: opening one changes nothing (mail
// scanners open links), its page's button (a POST to the same address) does. The unsubscribe
// address also takes the one-click POST of RFC 8058 (List-Unsubscribe-Post).

export { CONFIRM_PATH, SIGNUP_PATH, UNSUBSCRIBE_PATH };
const MAX_BYTES = 4 * 1024;
const STYLE = "button.btn{width:100%;border:0;font:inherit;font-weight:600;cursor:pointer}form{margin:0}";

function pageAnswer(status: number, title: string, text: string, extra = ""): VisitAnswer {
  const n = nonce();
  const head = `<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">${inlineElement({ nonce: n }, "style", STYLE)}`;
  const html = page({ nonce: n, title, head, body: `<main><h1>${escapeHtml(title)}</h1><p>${text}</p>${extra}</main>` });
  return htmlResponse(status, { nonce: n, html }, { "cache-control": "no-store" }, { formSelf: true });
}

const backLink = (pageUrl: string) => `<a class="link" href="${escapeHtml(pageUrl)}">Back to ${escapeHtml(pageUrl.replace(/^https?:\/\//, ""))}</a>`;

function backToPage(slug: string, status: "sent" | "check" | "invalid", blockId: string): VisitAnswer {
  return { status: 303, headers: { location: `/${slug}?signup=${status}#${encodeURIComponent(blockId)}`, "cache-control": "no-store" }, body: "" };
}

/** The answer to a sign-up block's post; never throws (a failure is the 503 "Not sent" page). */
export async function submitSignup(post: VisitorPost): Promise<VisitAnswer> {
  try {
    const text = await post.readBody(MAX_BYTES);
    if (text === null) return pageAnswer(413, "Too long", "This sign-up is too long to send.");
    const form = Object.fromEntries(new URLSearchParams(text));
    const found = typeof form.page === "string" && form.page.length <= 300 ? await findPostedPageAcrossAccounts(await db(), form.page, header(post.headers, "host")) : null;
    if (!found) return pageAnswer(404, "Form not found", "This form does not exist any more.");
    const blockId = String(form.block ?? "");
    if (classifyUserAgent(header(post.headers, "user-agent")).isBot || form.website) return backToPage(found.slug, "sent", blockId);
    if (!(await acceptSignupAttempt(found.id, clientIp(post.headers, post.socketIp)))) return pageAnswer(429, "Slow down", "Too many sign-ups from here. Try again in an hour.");
    const result = await storeSignup(await db(), found, form, usageNow());
    if (result === "no-such-form") return pageAnswer(404, "Form not found", "This form does not exist any more.");
    if (result === "page-full") return pageAnswer(429, "Try again later", "This form has received many sign-ups in the last hour. Please try again later.");
    return backToPage(found.slug, result === "confirmed" ? "sent" : result === "check-mail" ? "check" : "invalid", blockId);
  } catch (error) {
    log.warn("sign-up failed", errorFields(error));
    return pageAnswer(503, "Not sent", "Your sign-up could not be sent. Please try again.");
  }
}

const button = (label: string) => `<form method="post"><button class="btn" type="submit">${label}</button></form>`;

/** GET or POST of a confirm or unsubscribe link (`?token=`); never throws. */
export async function answerSubscriptionLink(kind: "confirm" | "unsubscribe", method: string, search: string): Promise<VisitAnswer> {
  try {
    const token = new URLSearchParams(search).get("token") ?? "";
    const database = await db();
    if (kind === "confirm") {
      if (method !== "POST") {
        const state = await confirmLinkState(database, token, usageNow());
        if (!state) return pageAnswer(404, "Link not valid", "This confirmation link was used already or has expired. Sign up on the page again for a new one.");
        return pageAnswer(200, "Confirm your sign-up", `Confirm that <strong>${escapeHtml(state.email)}</strong> may receive e-mails from ${escapeHtml(state.pageUrl.replace(/^https?:\/\//, ""))}.`, button("Confirm"));
      }
      const done = await confirmSignup(database, token, usageNow());
      if (!done) return pageAnswer(404, "Link not valid", "This confirmation link was used already or has expired. Sign up on the page again for a new one.");
      return pageAnswer(200, "You are signed up", `<strong>${escapeHtml(done.email)}</strong> is confirmed. Every mail sent for this sign-up has a link to unsubscribe.`, backLink(done.pageUrl));
    }
    if (method !== "POST") {
      const state = await unsubscribeLinkState(database, token);
      if (!state) return pageAnswer(200, "Not on the list", "This address is not on the list (any more): nothing is stored.");
      return pageAnswer(200, "Unsubscribe", `Remove <strong>${escapeHtml(state.email)}</strong> from the list of ${escapeHtml(state.pageUrl.replace(/^https?:\/\//, ""))}? The address is deleted.`, button("Unsubscribe"));
    }
    const gone = await unsubscribe(database, token);
    return pageAnswer(200, "Unsubscribed", gone ? `<strong>${escapeHtml(gone.email)}</strong> was removed and deleted.` : "This address is not on the list (any more): nothing is stored.", gone ? backLink(gone.pageUrl) : "");
  } catch (error) {
    log.warn("subscription link failed", errorFields(error));
    return pageAnswer(503, "Not done", "Please try again in a moment.");
  }
}

/** Which sign-up address a request is for, or null (`/__hop/signup`, its confirm and unsubscribe pages). */
export function signupAddress(url: string): { kind: "signup" | "confirm" | "unsubscribe"; search: string } | null {
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  const search = q === -1 ? "" : url.slice(q);
  if (path === SIGNUP_PATH) return { kind: "signup", search };
  if (path === CONFIRM_PATH) return { kind: "confirm", search };
  if (path === UNSUBSCRIBE_PATH) return { kind: "unsubscribe", search };
  return null;
}

const METHOD_NOT_ALLOWED: VisitAnswer = { status: 405, headers: { allow: "POST", "cache-control": "no-store" }, body: "" };

/** Any request to a sign-up address, from either entry point. */
export async function answerSignupAddress(address: { kind: "signup" | "confirm" | "unsubscribe"; search: string }, method: string, post: VisitorPost): Promise<VisitAnswer> {
  if (address.kind === "signup") return method === "POST" ? submitSignup(post) : METHOD_NOT_ALLOWED;
  if (method === "POST") await post.readBody(MAX_BYTES);
  return method === "GET" || method === "HEAD" || method === "POST" ? answerSubscriptionLink(address.kind, method, address.search) : { ...METHOD_NOT_ALLOWED, headers: { allow: "GET, POST", "cache-control": "no-store" } };
}

export async function handleSignupAddress(req: IncomingMessage, res: ServerResponse, address: { kind: "signup" | "confirm" | "unsubscribe"; search: string }): Promise<void> {
  const answer = await answerSignupAddress(address, req.method ?? "GET", { headers: req.headers, socketIp: req.socket.remoteAddress, readBody: (max) => readBodyText(req, max) });
  if (!res.headersSent) send(res, answer);
}
