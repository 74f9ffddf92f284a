import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { config } from "../config";
import { signupBlockById } from "../bio/page-settings";
import { obj, str } from "../bio/data";
import type { Db } from "../db/open";
import { newId } from "../ids";
import { publicIdOf, shortUrlOf } from "../links/public-id";
import { mailConfigured, sendMail } from "../mail/send-mail";
import { enqueueWebhookEvents } from "../webhooks/outbox";
import { CONFIRM_PATH, SIGNUP_PATH, UNSUBSCRIBE_PATH } from "./signup-paths";
import type { PostedPage } from "./store-contact";

// A visitor's sign-up through a page's sign-up block (docs/websites.md, "Sign-up blocks"). With
// SMTP (double opt-in) the row waits for its confirmation link, mailed at once, and is deleted
// when not confirmed within SIGNUP_CONFIRM_MS; without SMTP it is stored at once as single
// opt-in. One row per page and address: signing up again changes nothing, except that a pending
// row is mailed again (at most hourly). Both tokens (confirm, unsubscribe) are 32 random bytes,
// kept as SHA-256 only. `subscriber.created` is sent when the address is on the list: at the
// confirmation, or at once for single opt-in. The page shares CONTACTS_PER_PAGE_PER_HOUR's cap.

export const SIGNUP_CONFIRM_MS = 48 * 60 * 60_000;
const REMAIL_AFTER_MS = 60 * 60_000;
export { CONFIRM_PATH, SIGNUP_PATH, UNSUBSCRIBE_PATH };

export const SignupSubmission = z.object({
  page: z.string().min(1).max(300),
  block: z.string().min(1).max(200),
  email: z.string().trim().max(320).toLowerCase().pipe(z.email()),
  /** Honeypot: hidden from people; a bot that fills it is answered as if signed up. */
  website: z.string().max(2000).optional(),
});

/** 32 random bytes in base64url: what a confirm or unsubscribe link carries. */
export const SignupToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

export type SignupResult = "confirmed" | "check-mail" | "invalid" | "no-such-form" | "page-full";

interface Mailing {
  to: string;
  pageUrl: string;
  pageName: string;
  confirm: string;
  unsubscribe: string;
}

/** The address's sign-up: stored (single opt-in), or pending with a confirmation mail; never a second row. */
export async function storeSignup(db: Db, page: PostedPage, raw: Record<string, string>, now: number): Promise<SignupResult> {
  const block = page.isActive ? signupBlockById(page.data, typeof raw.block === "string" ? raw.block : "", now) : null;
  if (!block) return "no-such-form";
  const parsed = SignupSubmission.safeParse(raw);
  if (!parsed.success) return "invalid";
  const { email, block: blockId } = parsed.data;
  const double = mailConfigured();
  const at = new Date(now);
  const outcome = await db.$transaction(async (tx) => {
    // The page's row lock makes count-then-insert one step for concurrent sign-ups.
    await tx.$queryRaw`SELECT id FROM "Link" WHERE id = ${page.id} FOR UPDATE`;
    const existing = await tx.subscriber.findUnique({ where: { linkId_email: { linkId: page.id, email } } });
    const live = existing && (existing.expiresAt === null || existing.expiresAt > at) ? existing : null;
    if (live && live.confirmedAt) return { result: "confirmed" as const, mailing: null };
    if (live && !double) return { result: "confirmed" as const, mailing: null };
    if (live && live.mailedAt && now - live.mailedAt.getTime() < REMAIL_AFTER_MS) return { result: "check-mail" as const, mailing: null };
    if (!live) {
      const lastHour = await tx.subscriber.count({ where: { linkId: page.id, accountId: page.accountId, createdAt: { gt: new Date(now - 3_600_000) } } });
      if (lastHour >= config().contactsPerPagePerHour) return { result: "page-full" as const, mailing: null };
    }
    const confirm = newToken();
    const unsubscribe = newToken();
    const fields = double
      ? { optIn: "double", confirmedAt: null, tokenHash: hashToken(confirm), expiresAt: new Date(now + SIGNUP_CONFIRM_MS), mailedAt: at }
      : { optIn: "single", confirmedAt: at, tokenHash: null, expiresAt: null, mailedAt: null };
    // An expired row not swept yet, or a pending one mailed over an hour ago, takes the new tokens.
    const row = existing
      ? await tx.subscriber.update({ where: { id: existing.id }, data: { ...fields, blockId, unsubscribeHash: hashToken(unsubscribe), ...(live ? {} : { createdAt: at }) } })
      : await tx.subscriber.create({ data: { id: newId("sub"), linkId: page.id, accountId: page.accountId, blockId, email, unsubscribeHash: hashToken(unsubscribe), createdAt: at, ...fields } });
    if (!double) {
      await enqueueWebhookEvents(tx, page.accountId, "subscriber.created", [subscriberEvent(row, publicIdOf(page.domain, page.slug))], at);
      return { result: "confirmed" as const, mailing: null };
    }
    const pageUrl = shortUrlOf(page.domain, page.slug);
    const origin = new URL(pageUrl).origin;
    const pageName = str(block.title) || str(obj(obj(page.data).profile).name) || pageUrl.replace(/^https?:\/\//, "");
    return { result: "check-mail" as const, mailing: { to: email, pageUrl, pageName, confirm: `${origin}${CONFIRM_PATH}?token=${confirm}`, unsubscribe: `${origin}${UNSUBSCRIBE_PATH}?token=${unsubscribe}` } };
  });
  // The mail leaves after the transaction; a mail server that is down leaves the row pending (a later sign-up mails again).
  if (outcome.mailing) await mailConfirmation(outcome.mailing);
  return outcome.result;
}

async function mailConfirmation(m: Mailing): Promise<boolean> {
  return sendMail({
    to: m.to,
    subject: `Confirm your sign-up: ${m.pageName}`,
    text:
      `Someone (we hope you) signed up with this address on ${m.pageUrl}.\n\n` +
      `To confirm, open this link within 48 hours:\n${m.confirm}\n\n` +
      `If it was not you, ignore this mail: the address is deleted if not confirmed.\n\n` +
      `Unsubscribe and delete your address now:\n${m.unsubscribe}\n`,
    headers: { "List-Unsubscribe": `<${m.unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
}

export function subscriberEvent(row: { id: string; blockId: string; email: string; optIn: string; confirmedAt: Date | null; createdAt: Date }, websiteId: string) {
  return { id: row.id, websiteId, blockId: row.blockId, email: row.email, optIn: row.optIn, confirmedAt: row.confirmedAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString() };
}

export interface SubscriptionState {
  email: string;
  pageUrl: string;
}

async function byConfirmToken(db: Db, token: string, now: number) {
  if (!SignupToken.safeParse(token).success) return null;
  const row = await db.subscriber.findUnique({ where: { tokenHash: hashToken(token) }, include: { link: { select: { domain: true, slug: true } } } });
  return row && row.expiresAt && row.expiresAt > new Date(now) ? row : null;
}

/** What a confirmation link's page shows before its button is pressed; null when the link is not valid. */
export async function confirmLinkState(db: Db, token: string, now: number): Promise<SubscriptionState | null> {
  const row = await byConfirmToken(db, token, now);
  return row && { email: row.email, pageUrl: shortUrlOf(row.link.domain, row.link.slug) };
}

/** Confirms the sign-up (once): the address is on the list and `subscriber.created` goes out. */
export async function confirmSignup(db: Db, token: string, now: number): Promise<SubscriptionState | null> {
  const row = await byConfirmToken(db, token, now);
  if (!row) return null;
  const at = new Date(now);
  return db.$transaction(async (tx) => {
    // Conditional on the token: of two presses at once, one confirms and sends the event.
    const done = await tx.subscriber.updateMany({ where: { id: row.id, tokenHash: row.tokenHash }, data: { confirmedAt: at, tokenHash: null, expiresAt: null } });
    if (done.count === 0) return null;
    await enqueueWebhookEvents(tx, row.accountId, "subscriber.created", [subscriberEvent({ ...row, confirmedAt: at }, publicIdOf(row.link.domain, row.link.slug))], at);
    return { email: row.email, pageUrl: shortUrlOf(row.link.domain, row.link.slug) };
  });
}

async function byUnsubscribeToken(db: Db, token: string) {
  if (!SignupToken.safeParse(token).success) return null;
  return db.subscriber.findUnique({ where: { unsubscribeHash: hashToken(token) }, include: { link: { select: { domain: true, slug: true } } } });
}

/** What an unsubscribe link's page shows before its button is pressed; null when the address is gone already. */
export async function unsubscribeLinkState(db: Db, token: string): Promise<SubscriptionState | null> {
  const row = await byUnsubscribeToken(db, token);
  return row && { email: row.email, pageUrl: shortUrlOf(row.link.domain, row.link.slug) };
}

/** Deletes the address from the page's list; null when it was gone already. */
export async function unsubscribe(db: Db, token: string): Promise<SubscriptionState | null> {
  const row = await byUnsubscribeToken(db, token);
  if (!row) return null;
  const done = await db.subscriber.deleteMany({ where: { id: row.id } });
  return done.count ? { email: row.email, pageUrl: shortUrlOf(row.link.domain, row.link.slug) } : null;
}
