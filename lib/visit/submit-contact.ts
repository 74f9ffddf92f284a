import type { IncomingMessage, ServerResponse } from "node:http";
import { db } from "../db/open";
import { errorFields, log } from "../log";
import { clientIp } from "../net/client-ip";
import { storeContact, unsafeFindPostedPage } from "../websites/store-contact";
import { classifyUserAgent } from "../ua/classify";
import { nonce, page } from "../html/page";
import { htmlResponse, send } from "./respond";
import { acceptContactAttempt } from "./visitor-limits";
import { readBodyText } from "../http/read-body";

// A bio page's contact form posts here (`/__hop/contact` on the page's own host), without
// JavaScript. Success and a fixable mistake go back to the page (303, `?contact=sent|invalid`);
// a form that does not exist gets a small error page. Bots and a filled honeypot are answered as
// if stored. A visitor address may send a few submissions per page every ten minutes, and a page
// stores at most CONTACTS_PER_PAGE_PER_HOUR an hour (lib/visit/visitor-limits.ts,
// lib/websites/store-contact.ts).

export const CONTACT_PATH = "/__hop/contact";
const MAX_BYTES = 16 * 1024;

async function readForm(req: IncomingMessage): Promise<Record<string, string> | null> {
  const text = await readBodyText(req, MAX_BYTES);
  return text === null ? null : Object.fromEntries(new URLSearchParams(text));
}

function answerPage(res: ServerResponse, status: number, title: string, text: string): void {
  const n = nonce();
  send(res, htmlResponse(status, { nonce: n, html: page({ nonce: n, title, head: '<meta name="robots" content="noindex">', body: `<main><h1>${title}</h1><p>${text}</p></main>` }) }));
}

function backToPage(res: ServerResponse, slug: string, status: "sent" | "invalid", blockId: string): void {
  res.writeHead(303, { location: `/${slug}?contact=${status}#${encodeURIComponent(blockId)}`, "cache-control": "no-store" });
  res.end();
}

export async function handleContactSubmission(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const form = await readForm(req);
    if (!form) return answerPage(res, 413, "Too long", "This message is too long to send.");
    const found = typeof form.page === "string" && form.page.length <= 300 ? await unsafeFindPostedPage(await db(), form.page, req.headers.host) : null;
    if (!found) return answerPage(res, 404, "Form not found", "This form does not exist any more.");
    const blockId = String(form.block ?? "");
    if (classifyUserAgent(req.headers["user-agent"]).isBot || form.website) return backToPage(res, found.slug, "sent", blockId);
    if (!(await acceptContactAttempt(found.id, clientIp(req.headers, req.socket.remoteAddress)))) return answerPage(res, 429, "Slow down", "Too many messages from here. Try again in a few minutes.");
    const result = await storeContact(await db(), found, form);
    if (result === "no-such-form") return answerPage(res, 404, "Form not found", "This form does not exist any more.");
    if (result === "page-full") return answerPage(res, 429, "Try again later", "This form has received many messages in the last hour. Please try again later.");
    backToPage(res, found.slug, result === "stored" ? "sent" : "invalid", blockId);
  } catch (error) {
    log.warn("contact submission failed", errorFields(error));
    if (!res.headersSent) answerPage(res, 503, "Not sent", "Your message could not be sent. Please try again.");
  }
}
