import type { IncomingMessage, ServerResponse } from "node:http";
import { db } from "../db/open";
import { errorFields, log } from "../log";
import { clientIp } from "../net/client-ip";
import { storeContact, findPostedPageAcrossAccounts } from "../websites/store-contact";
import { classifyUserAgent } from "../ua/classify";
import { nonce, page } from "../html/page";
import { header, htmlResponse, send, type VisitAnswer, type VisitorPost } from "./respond";
import { acceptContactAttempt } from "./visitor-limits";
import { readBodyText } from "../http/read-body";
import { usageNow } from "../usage/clock";

// A bio page's contact form posts here (`/__hop/contact` on the page's own host), without
// JavaScript. Success and a fixable mistake go back to the page (303, `?contact=sent|invalid`);
// a form that does not exist gets a small error page. Bots and a filled honeypot are answered as
// if stored. A visitor address may send a few submissions per page an hour, and a page stores at
// most CONTACTS_PER_PAGE_PER_HOUR an hour, from all addresses together: the address's cap comes
// first, so one source is refused long before it could fill the page's
// (lib/visit/visitor-limits.ts, lib/websites/store-contact.ts).

export const CONTACT_PATH = "/__hop/contact";
const MAX_BYTES = 16 * 1024;

async function readForm(post: VisitorPost): Promise<Record<string, string> | null> {
  const text = await post.readBody(MAX_BYTES);
  return text === null ? null : Object.fromEntries(new URLSearchParams(text));
}

function pageAnswer(status: number, title: string, text: string): VisitAnswer {
  const n = nonce();
  return htmlResponse(status, { nonce: n, html: page({ nonce: n, title, head: '<meta name="robots" content="noindex">', body: `<main><h1>${title}</h1><p>${text}</p></main>` }) });
}

function backToPage(slug: string, status: "sent" | "invalid", blockId: string): VisitAnswer {
  return { status: 303, headers: { location: `/${slug}?contact=${status}#${encodeURIComponent(blockId)}`, "cache-control": "no-store" }, body: "" };
}

/** The answer to a contact form post; never throws (a failure is the 503 "Not sent" page). */
export async function submitContact(post: VisitorPost): Promise<VisitAnswer> {
  try {
    const form = await readForm(post);
    if (!form) return pageAnswer(413, "Too long", "This message is too long to send.");
    const found = typeof form.page === "string" && form.page.length <= 300 ? await findPostedPageAcrossAccounts(await db(), form.page, header(post.headers, "host")) : null;
    if (!found) return pageAnswer(404, "Form not found", "This form does not exist any more.");
    const blockId = String(form.block ?? "");
    if (classifyUserAgent(header(post.headers, "user-agent")).isBot || form.website) return backToPage(found.slug, "sent", blockId);
    if (!(await acceptContactAttempt(found.id, clientIp(post.headers, post.socketIp)))) return pageAnswer(429, "Slow down", "Too many messages from here. Try again in an hour.");
    const result = await storeContact(await db(), found, form, usageNow());
    if (result === "no-such-form") return pageAnswer(404, "Form not found", "This form does not exist any more.");
    if (result === "page-full") return pageAnswer(429, "Try again later", "This form has received many messages in the last hour. Please try again later.");
    return backToPage(found.slug, result === "stored" ? "sent" : "invalid", blockId);
  } catch (error) {
    log.warn("contact submission failed", errorFields(error));
    return pageAnswer(503, "Not sent", "Your message could not be sent. Please try again.");
  }
}

export async function handleContactSubmission(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const answer = await submitContact({ headers: req.headers, socketIp: req.socket.remoteAddress, readBody: (max) => readBodyText(req, max) });
  if (!res.headersSent) send(res, answer);
}
