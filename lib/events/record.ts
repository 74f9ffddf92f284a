import { memoByString } from "../shared";
import { accept } from "./event-queue";
import { nudge, runningQueue } from "./flush-events";
import type { VisitRow } from "./rollups";
import { utmOf } from "./utm";

// Visits and clicks are queued in memory (lib/events/event-queue.ts) and written in batches
// (lib/events/flush-events.ts: one multi-row insert per table, plus the hourly rollups, in one
// transaction), so recording never delays an answer. Identical visits of one second (same link,
// country, city, device, platform, browser, referrer, outcome) share one queued row that counts
// them (`visits`): a link under a burst of traffic costs the database a row per distinct visitor
// profile and second, not a row per visit, and nothing the analytics show (hourly buckets,
// dimensions, the last view to the millisecond) is lost. A database outage loses nothing that fits
// in the queue or the spool on local disk.
//
// A bot's request is recorded too, with its reason (`bot`), and counted apart from people's views
// (docs/decisions/050-analytics-people-bots-uniques.md). A person's row carries the visitor's
// daily pseudonym (unique visitors, lib/visit/record-view.ts) and the visit's UTM parameters.

/** Why a request is not a person's view (docs/events.md, "People and bots"). */
export const BOT_REASONS = ["preview", "crawler", "head", "prefetch", "datacenter"] as const;
export type BotReason = (typeof BOT_REASONS)[number];

// Referrers repeat (a few apps and sites send most visitors): each one's domain is kept rather
// than parsed as a URL on every visit.
const referrerDomains = memoByString(10_000, parseReferrerDomain);

function referrerDomain(referrer: string | null): string {
  return referrer ? referrerDomains(referrer) : "direct";
}

function parseReferrerDomain(referrer: string): string {
  try {
    const host = new URL(referrer).hostname.toLowerCase().replace(/^www\./, "");
    return host || "direct";
  } catch {
    return "direct";
  }
}

function countryOf(code: string | null): string {
  return code && /^[A-Za-z]{2}$/.test(code) ? code.toLowerCase() : "unknown";
}

export interface VisitInput {
  linkId: string;
  accountId: string;
  /** A Date or epoch milliseconds. */
  at: Date | number;
  country: string | null;
  city: string | null;
  device: string;
  platform: string;
  browser: string | null;
  referrer: string | null;
  redirected: boolean;
  /** The chosen URL (rule, device or destination), for link.clicked webhooks and its UTM parameters. */
  url?: string | null;
  /** null (or absent): a person's view; otherwise why it is a bot's. */
  bot?: BotReason | null;
  /** A person's daily pseudonym (lib/visit/visitor-day.ts), for unique visitors; null for bots. */
  visitor?: string | null;
  /** The short link's query as requested (`?…`), for its UTM parameters. */
  search?: string;
  /** The A/B variant (0–3) the visitor was given; null or absent without a test. */
  variant?: number | null;
}

export function recordVisit(v: VisitInput): void {
  const q = runningQueue();
  const at = typeof v.at === "number" ? v.at : v.at.getTime();
  const second = Math.floor(at / 1000);
  const last = q.lastVisit;
  if (last && last.second === second && sameProfile(last.input, v)) return countIn(last.row, at);
  const country = countryOf(v.country);
  const city = v.city ? v.city.slice(0, 100) : null;
  const browser = v.browser?.slice(0, 100) ?? null;
  const referrer = referrerDomain(v.referrer);
  const bot = v.bot ?? null;
  // Bots are not visitors: no pseudonym is kept for them.
  const visitor = bot === null ? v.visitor ?? null : null;
  const utm = utmOf(v.search, v.url);
  // The row's profile and second: a repeat only counts (no row object is made for it).
  const key = `${v.linkId}\u0000${v.accountId}\u0000${second}\u0000${country}\u0000${city}\u0000${v.device}\u0000${v.platform}\u0000${browser}\u0000${referrer}\u0000${v.redirected}\u0000${bot}\u0000${visitor}\u0000${utm.source}\u0000${utm.medium}\u0000${utm.campaign}\u0000${v.variant ?? null}`;
  const open = q.openVisits.get(key);
  if (open) {
    q.lastVisit = { input: v, second, row: open };
    return countIn(open, at);
  }
  if (!accept(q)) return;
  const row: VisitRow = {
    linkId: v.linkId, accountId: v.accountId, occurredAt: at, visits: 1, country, city, device: v.device, platform: v.platform, browser, referrer, redirected: v.redirected, url: v.url ?? null,
    bot, visitor, utmSource: utm.source, utmMedium: utm.medium, utmCampaign: utm.campaign, variant: v.variant ?? null,
  };
  q.visits.push(row);
  q.openVisits.set(key, row);
  q.lastVisit = { input: v, second, row };
  nudge(q);
}

/** No new row: counted even when the queue is full, as it costs no memory. */
function countIn(row: VisitRow, at: number): void {
  row.visits += 1;
  if (at > (row.occurredAt as number)) row.occurredAt = at;
}

/** The same row profile, compared as the visits came (equal inputs make equal rows). */
function sameProfile(a: VisitInput, b: VisitInput): boolean {
  return a.linkId === b.linkId && a.accountId === b.accountId && a.country === b.country && a.city === b.city && a.device === b.device && a.platform === b.platform && a.browser === b.browser && a.referrer === b.referrer && a.redirected === b.redirected
    && a.bot === b.bot && a.visitor === b.visitor && a.search === b.search && a.url === b.url && (a.variant ?? null) === (b.variant ?? null);
}

export interface ClickInput {
  linkId: string;
  accountId: string;
  at: Date | number;
  buttonId: string;
  buttonTitle: string | null;
  buttonUrl: string | null;
  buttonType: string | null;
  country: string | null;
  device: string;
  platform: string;
  referrer: string | null;
}

export function recordClick(c: ClickInput): void {
  const q = runningQueue();
  if (!accept(q)) return;
  q.clicks.push({
    linkId: c.linkId,
    accountId: c.accountId,
    occurredAt: typeof c.at === "number" ? c.at : c.at.getTime(),
    buttonId: c.buttonId.slice(0, 200),
    buttonTitle: c.buttonTitle?.slice(0, 300) ?? null,
    buttonUrl: c.buttonUrl?.slice(0, 2000) ?? null,
    buttonType: c.buttonType?.slice(0, 50) ?? null,
    country: countryOf(c.country),
    device: c.device,
    platform: c.platform,
    referrer: referrerDomain(c.referrer),
  });
  nudge(q);
}
