import type { IncomingMessage, ServerResponse } from "node:http";
import { db } from "../db/open";
import { errorFields, log } from "../log";
import { storeContact, unsafeFindPostedPage } from "../websites/store-contact";
import { classifyUserAgent } from "../ua/classify";
import { nonce, page } from "../html/page";
import { htmlResponse, send } from "./respond";
import { readBodyText } from "../http/read-body";

// A bio page's contact form posts here (`/__hop/contact` on the page's own host), without
// JavaScript. Success and a fixable mistake go back to the page (303, `?contact=sent|invalid`);
// a form that does not exist gets a small error page. Bots and a filled honeypot are answered as
// if stored; a visitor may send a few submissions per page every ten minutes.

export const CONTACT_PATH = "/__hop/contact";
const MAX_BYTES = 16 * 1024;
const WINDOW_MS = 10 * 60_000;
const PER_WINDOW = 5;

const recent = new Map<string, { start: number; count: number }>();

function allowed(key: string, now = Date.now()): boolean {
  if (recent.size > 50_000) recent.clear();
  const entry = recent.get(key);
  if (!entry || now - entry.start > WINDOW_MS) {
    recent.set(key, { start: now, count: 1 });
    return true;
  }
  entry.count += 1;
  return entry.count <= PER_WINDOW;
}

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
    if (!allowed(`${req.socket.remoteAddress}|${found.id}`)) return answerPage(res, 429, "Slow down", "Too many messages from here. Try again in a few minutes.");
    const result = await storeContact(await db(), found, form);
    if (result === "no-such-form") return answerPage(res, 404, "Form not found", "This form does not exist any more.");
    backToPage(res, found.slug, result === "stored" ? "sent" : "invalid", blockId);
  } catch (error) {
    log.warn("contact submission failed", errorFields(error));
    if (!res.headersSent) answerPage(res, 503, "Not sent", "Your message could not be sent. Please try again.");
  }
}
